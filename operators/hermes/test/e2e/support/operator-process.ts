// The operator as its users run it: `node operators/hermes/src/cli/main.ts run ...` in a child
// process, its logs in a file, readiness from /readyz, stopped by a signal.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@agent-operators/testing';

export { freePort };

export const MAIN = join(import.meta.dirname, '..', '..', '..', 'src', 'cli', 'main.ts');

export interface OperatorProcessOptions {
  kubeconfigPath: string;
  /** Appended to (restarts keep one history). */
  logFile: string;
  /** Flags besides kubeconfig, health and metrics addresses. */
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface OperatorProcess {
  readonly child: ChildProcess;
  readonly healthPort: number;
  readonly metricsPort: number;
  readonly pid: number;
  waitReady(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (or signal name) once the process exited. */
  readonly exited: Promise<number | string>;
  /** Sends `signal`; SIGKILL after `graceMs` if the process is still there. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string>;
  /** /metrics text (plain HTTP: start with --metrics-secure=false). */
  metrics(): Promise<string>;
}

export async function startOperatorProcess(opts: OperatorProcessOptions): Promise<OperatorProcess> {
  const healthPort = await freePort();
  const metricsPort = await freePort();
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      MAIN,
      'run',
      `--kubeconfig=${opts.kubeconfigPath}`,
      `--health-probe-bind-address=127.0.0.1:${healthPort}`,
      `--metrics-bind-address=127.0.0.1:${metricsPort}`,
      '--metrics-secure=false',
      ...opts.args,
    ],
    { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  void exited.then(() => log.end());
  return {
    child,
    healthPort,
    metricsPort,
    pid: child.pid!,
    exited,
    async waitReady(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let exitedEarly: number | string | undefined;
      void exited.then((c) => (exitedEarly = c));
      for (;;) {
        if (exitedEarly !== undefined)
          throw new Error(`the operator exited (${exitedEarly}); see ${opts.logFile}`);
        try {
          const res = await fetch(`http://127.0.0.1:${healthPort}/readyz`);
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline)
          throw new Error(`the operator was not ready in ${timeoutMs} ms; see ${opts.logFile}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async metrics() {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      return res.text();
    },
  };
}

/** Sums a Prometheus counter's samples by one label, e.g. rest_client_requests_total by method. */
export function sumBy(metricsText: string, name: string, label: string): Record<string, number> {
  const out: Record<string, number> = {};
  const re = new RegExp(`^${name}\\{([^}]*)\\}\\s+([0-9.eE+-]+)$`, 'gm');
  for (const m of metricsText.matchAll(re)) {
    const labels = Object.fromEntries(
      [...m[1]!.matchAll(/([a-zA-Z_]+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]),
    );
    const key = labels[label] ?? '';
    out[key] = (out[key] ?? 0) + Number(m[2]);
  }
  return out;
}
