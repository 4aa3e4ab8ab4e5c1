// The webhook HTTPS server: routes POSTs to admission handlers and converters, swaps certificates
// in place, and answers every failure with a response rather than a crash.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { KubeObject } from '../client/types.ts';
import { metricsRegistry } from '../metrics/index.ts';
import type { MutatingHandler, ValidatingHandler } from './admission-handlers.ts';
import { reviewAdmission } from './admission-review.ts';
import type { CertificateSource, ServingCertificate } from './certificate-source.ts';
import type { Converter } from './conversion-review.ts';
import { reviewConversion } from './conversion-review.ts';
import { HttpError } from './http-error.ts';
import type { WebhookLogger } from './logger.ts';
import { defaultLogger } from './logger.ts';
import type { WebhookMetrics } from './metrics.ts';
import { webhookMetrics } from './metrics.ts';
import { DEFAULT_MAX_BODY_BYTES, readBody } from './request-body.ts';

export interface WebhookServerOptions {
  certificates: CertificateSource;
  /** Default 9443 (controller-runtime's); 0 picks a free port. */
  port?: number;
  /** Default all interfaces. */
  host?: string;
  /** Larger bodies get 413. Default 3 MiB, the API server's own limit. */
  maxBodyBytes?: number;
  /** Headers and body must arrive within this. Default 10 s. */
  readTimeoutMs?: number;
  /**
   * Handlers must answer within this (further capped by the API server's `?timeout=` on the call).
   * Default 10 s, the API server's default webhook timeout.
   */
  handlerTimeoutMs?: number;
  /**
   * Idle keep-alive connections are kept this long. Default 120 s: longer than the API server's idle
   * timeout (90 s), so the client closes first; closing first from here races the API server
   * reusing the connection for a POST it will not retry.
   */
  keepAliveTimeoutMs?: number;
  logger?: WebhookLogger;
  /** Where request metrics go; default the runtime's registry, `false` for none. */
  metrics?: Registry | false;
}

type Route = (body: unknown, path: string, timeoutMs: number, signal: AbortSignal) => Promise<unknown>;

export class WebhookServer {
  readonly #opts: WebhookServerOptions;
  readonly #logger: WebhookLogger;
  readonly #metrics: WebhookMetrics | undefined;
  readonly #routes = new Map<string, Route>();
  readonly #stopping = new AbortController();
  #server: Server | undefined;
  #current: ServingCertificate | undefined;

  constructor(opts: WebhookServerOptions) {
    this.#opts = opts;
    this.#logger = opts.logger ?? defaultLogger();
    this.#metrics = opts.metrics === false ? undefined : webhookMetrics(opts.metrics ?? metricsRegistry);
  }

  // `T` is the caller's promise about what the webhook's rules send here; it is not checked.
  addValidating<T extends KubeObject = KubeObject>(path: string, handler: ValidatingHandler<T>): this {
    const route = { type: 'validating', handler: handler as unknown as ValidatingHandler } as const;
    return this.#add(path, (body, p, timeoutMs, signal) =>
      reviewAdmission(body, route, this.#ctx(p), timeoutMs, signal),
    );
  }

  addMutating<T extends KubeObject = KubeObject>(path: string, handler: MutatingHandler<T>): this {
    const route = { type: 'mutating', handler: handler as unknown as MutatingHandler } as const;
    return this.#add(path, (body, p, timeoutMs, signal) =>
      reviewAdmission(body, route, this.#ctx(p), timeoutMs, signal),
    );
  }

  addConversion(path: string, converter: Converter): this {
    return this.#add(path, (body, p, timeoutMs, signal) =>
      reviewConversion(body, converter, this.#ctx(p), timeoutMs, signal),
    );
  }

  /** Loads the certificate and listens. Rejects if either fails. */
  async start(): Promise<void> {
    if (this.#server) throw new Error('the webhook server is already started');
    this.#current = await this.#opts.certificates.start((cert) => this.#swapCertificate(cert));
    const readTimeoutMs = this.#opts.readTimeoutMs ?? 10_000;
    const server = createServer({ cert: this.#current.cert, key: this.#current.key }, (req, res) => {
      // #handle answers every failure itself; this catch only guards against a bug there.
      this.#handle(req, res).catch((err: unknown) => {
        this.#logger.error({ err }, 'webhook request handling failed');
        res.destroy();
      });
    });
    server.headersTimeout = readTimeoutMs;
    server.requestTimeout = readTimeoutMs + (this.#opts.handlerTimeoutMs ?? 10_000);
    server.keepAliveTimeout = this.#opts.keepAliveTimeoutMs ?? 120_000;
    server.on('tlsClientError', (err) => this.#logger.debug({ err }, 'TLS handshake failed'));
    this.#server = server;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.#opts.port ?? 9443, this.#opts.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      this.#server = undefined;
      await this.#opts.certificates.stop();
      throw err;
    }
    server.on('error', (err) => this.#logger.error({ err }, 'webhook server error'));
    this.#logger.info({ port: this.port, paths: [...this.#routes.keys()] }, 'webhook server listening');
  }

  /** Stops listening, lets in-flight requests finish for up to `graceMs`, then closes everything. */
  async stop(graceMs = 5_000): Promise<void> {
    const server = this.#server;
    if (!server) return;
    await this.#opts.certificates.stop();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => {
      this.#stopping.abort(new Error('the webhook server is stopping'));
      server.closeAllConnections();
    }, graceMs);
    await closed;
    clearTimeout(timer);
    this.#server = undefined;
  }

  /** For readiness checks: true once listening with a certificate, until stopped. */
  get listening(): boolean {
    return this.#server?.listening ?? false;
  }

  /** The port listened on (useful with port 0). */
  get port(): number {
    const address = this.#server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the webhook server is not listening');
    return address.port;
  }

  /** The PEM certificate served now. */
  get certificate(): string | undefined {
    return this.#current?.cert;
  }

  #add(path: string, route: Route): this {
    if (!path.startsWith('/')) throw new Error(`webhook path must start with "/": ${path}`);
    if (this.#routes.has(path)) throw new Error(`a webhook is already registered at ${path}`);
    this.#routes.set(path, route);
    return this;
  }

  #ctx(path: string): { path: string; logger: WebhookLogger } {
    return { path, logger: this.#logger };
  }

  #swapCertificate(cert: ServingCertificate): void {
    this.#current = cert;
    // New handshakes use the new certificate; established connections keep theirs.
    this.#server?.setSecureContext({ cert: cert.cert, key: cert.key });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const url = new URL(req.url ?? '/', 'https://webhook.invalid');
    const route = this.#routes.get(url.pathname);
    const webhook = route ? url.pathname : undefined;
    if (webhook) this.#metrics?.inFlight.inc({ webhook });
    let code = 200;
    try {
      if (!route) throw new HttpError(404, `no webhook is registered at ${url.pathname}`);
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        throw new HttpError(405, 'webhooks accept POST only');
      }
      const type = req.headers['content-type'];
      if (type !== undefined && !/^application\/json\b/i.test(type)) {
        throw new HttpError(415, `expected application/json, got ${type}`);
      }
      const raw = await readBody(
        req,
        this.#opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
        this.#opts.readTimeoutMs ?? 10_000,
      );
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (err) {
        throw new HttpError(400, `the request body is not JSON: ${(err as Error).message}`);
      }
      const answer = await route(body, url.pathname, this.#timeoutFor(url), this.#stopping.signal);
      this.#send(res, 200, answer);
    } catch (err) {
      code = err instanceof HttpError ? err.statusCode : 500;
      const message = err instanceof Error ? err.message : String(err);
      if (code >= 500) this.#logger.error({ err, path: url.pathname }, 'webhook request failed');
      else this.#logger.debug({ path: url.pathname, code, message }, 'webhook request rejected');
      // After a body error the rest of the body is unread: close instead of reusing the connection.
      if (code === 413 || code === 408 || code === 400) res.setHeader('Connection', 'close');
      this.#send(res, code, {
        apiVersion: 'v1',
        kind: 'Status',
        status: 'Failure',
        code,
        message,
      });
    } finally {
      if (webhook && this.#metrics) {
        this.#metrics.inFlight.dec({ webhook });
        this.#metrics.requestsTotal.inc({ webhook, code: String(code) });
        this.#metrics.latencySeconds.observe({ webhook }, Number(process.hrtime.bigint() - started) / 1e9);
      }
    }
  }

  // The API server appends `?timeout=10s` (its webhook timeout): answering later is pointless.
  #timeoutFor(url: URL): number {
    const configured = this.#opts.handlerTimeoutMs ?? 10_000;
    const match = /^(\d+(?:\.\d+)?)s$/.exec(url.searchParams.get('timeout') ?? '');
    if (!match?.[1]) return configured;
    // Leave room for the answer to travel back before the API server gives up.
    const callerMs = Number(match[1]) * 1000;
    return Math.min(configured, Math.max(callerMs * 0.9, callerMs - 250));
  }

  #send(res: ServerResponse, code: number, body: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const payload = JSON.stringify(body);
    res.writeHead(code, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload),
    });
    res.end(payload);
  }
}
