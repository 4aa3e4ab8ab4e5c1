// Prometheus /metrics over HTTP or HTTPS, chosen by one `secure` setting (openclaw lesson: the chart's
// ServiceMonitor and the binary must never disagree). HTTPS uses the given files or, without them,
// a self-signed certificate made at start.
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server } from 'node:net';
import { hostname } from 'node:os';
import { metricsRegistry } from '../metrics/index.ts';
import { createCertificateAuthority, issueServingCertificate } from '../tls/index.ts';
import { close, listen } from './address.ts';
import type { ListenAddress } from './address.ts';

export interface MetricsServerOptions {
  /** `host:port`; `0` disables the server. */
  address: string;
  secure: boolean;
  certFile?: string;
  keyFile?: string;
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    return;
  }
  try {
    const body = await metricsRegistry.metrics();
    res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(err as Error).message}\n`);
  }
}

/** A throwaway CA and a serving certificate for localhost and this host's name. */
async function selfSigned(): Promise<{ cert: string; key: string }> {
  const ca = await createCertificateAuthority({ commonName: 'metrics-self-signed-ca', validityDays: 3650 });
  const pair = await issueServingCertificate(ca, {
    dnsNames: [...new Set(['localhost', hostname()])],
    ipAddresses: ['127.0.0.1', '::1'],
    validityDays: 3650,
  });
  // The chain (leaf, then CA) lets a scraper pin the CA; PEM blocks need a newline between them.
  return { cert: `${pair.certPem.trimEnd()}\n${ca.certPem.trimEnd()}\n`, key: pair.keyPem };
}

export class MetricsServer {
  #server: Server | undefined;
  #bound: { host: string; port: number } | undefined;
  #secure = false;

  get address(): { host: string; port: number } | undefined {
    return this.#bound;
  }

  /** `https://host:port/metrics` or `http://...` once listening. */
  get url(): string | undefined {
    if (!this.#bound) return undefined;
    const host = this.#bound.host.includes(':') ? `[${this.#bound.host}]` : this.#bound.host;
    return `${this.#secure ? 'https' : 'http'}://${host}:${this.#bound.port}/metrics`;
  }

  async start(opts: MetricsServerOptions, addr: ListenAddress): Promise<void> {
    const handler = (req: IncomingMessage, res: ServerResponse): void => void serve(req, res);
    this.#secure = opts.secure;
    if (opts.secure) {
      if (Boolean(opts.certFile) !== Boolean(opts.keyFile)) {
        throw new Error('metrics: certFile and keyFile go together');
      }
      const tls =
        opts.certFile && opts.keyFile
          ? { cert: await readFile(opts.certFile, 'utf8'), key: await readFile(opts.keyFile, 'utf8') }
          : await selfSigned();
      this.#server = createHttpsServer({ ...tls, minVersion: 'TLSv1.2' }, handler);
    } else {
      this.#server = createHttpServer(handler);
    }
    this.#bound = await listen(this.#server, addr);
  }

  async stop(): Promise<void> {
    if (this.#server) await close(this.#server);
    this.#server = undefined;
  }
}
