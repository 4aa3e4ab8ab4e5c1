// /healthz (liveness) and /readyz (readiness) on their own port, on every replica.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { close, listen } from './address.ts';
import type { ListenAddress } from './address.ts';

/** A named check: resolves to an error message when unhealthy, undefined when fine. */
export type Check = () => string | undefined | Promise<string | undefined>;

export class HealthServer {
  readonly #health = new Map<string, Check>();
  readonly #ready = new Map<string, Check>();
  #server: Server | undefined;
  #bound: { host: string; port: number } | undefined;

  addHealthCheck(name: string, check: Check): void {
    this.#health.set(name, check);
  }

  addReadyCheck(name: string, check: Check): void {
    this.#ready.set(name, check);
  }

  get address(): { host: string; port: number } | undefined {
    return this.#bound;
  }

  async start(addr: ListenAddress): Promise<void> {
    this.#server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const checks =
        path === '/healthz' || path === '/livez'
          ? this.#health
          : path === '/readyz'
            ? this.#ready
            : undefined;
      if (!checks || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      void run(checks).then(({ ok, body }) => {
        res.writeHead(ok ? 200 : 503, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
      });
    });
    this.#bound = await listen(this.#server, addr);
  }

  async stop(): Promise<void> {
    if (this.#server) await close(this.#server);
    this.#server = undefined;
  }
}

/** Runs every check; the body lists each one, like Kubernetes' verbose health output. */
async function run(checks: Map<string, Check>): Promise<{ ok: boolean; body: string }> {
  let ok = true;
  const lines: string[] = [];
  for (const [name, check] of checks) {
    let problem: string | undefined;
    try {
      problem = await check();
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    if (problem) ok = false;
    lines.push(problem ? `[-]${name} failed: ${problem}` : `[+]${name} ok`);
  }
  lines.push(ok ? 'ok' : 'not ok');
  return { ok, body: `${lines.join('\n')}\n` };
}
