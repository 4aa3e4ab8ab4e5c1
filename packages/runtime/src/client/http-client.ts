// One HTTP exchange with the API server over the connection's keep-alive Agent: client-side rate
// limit, auth headers, request timeout, abort, rest_client metrics, typed errors for non-2xx.
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import {
  restClientRateLimiterDurationSeconds,
  restClientRequestDurationSeconds,
  restClientRequestsTotal,
} from '../metrics/rest-client.ts';
import type { Connection } from './connection.ts';
import { clientTimeoutError, errorFromResponse } from './errors.ts';
import type { TokenBucket } from './rate-limiter.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** API path with query string, e.g. `/api/v1/namespaces/a/configmaps?limit=3`. */
  path: string;
  /** JSON text. */
  body?: string;
  contentType?: string;
  signal?: AbortSignal;
  /** Overrides the client default; 0 disables. For streams it bounds the wait for the headers only. */
  timeoutMs?: number;
}

export interface HttpResponse {
  statusCode: number;
  /** Parsed JSON, or the raw text when the body is not JSON; undefined when empty. */
  body: unknown;
}

export interface HttpClientOptions {
  limiter: TokenBucket;
  /** Default request timeout in ms (0 disables). */
  timeoutMs: number;
  userAgent: string;
  /** Called with each `Warning` header the API server sends (deprecations, admission warnings). */
  onWarning?: WarningHandler;
}

export type WarningHandler = (warning: string, request: { method: HttpMethod; path: string }) => void;

/** The text of each RFC 7234 `Warning: 299 - "text"` header value. */
export function parseWarnings(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const values = Array.isArray(header) ? header : [header];
  const out: string[] = [];
  for (const value of values) {
    for (const m of value.matchAll(/\d{3} \S+ "((?:[^"\\]|\\.)*)"/g)) {
      out.push((m[1] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return out;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Node's advice for keep-alive races: a reused socket the server closed meanwhile may be retried. */
function isStaleSocket(err: unknown, req: http.ClientRequest): boolean {
  return req.reusedSocket && (err as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET';
}

export class HttpClient {
  readonly #conn: Connection;
  readonly #opts: HttpClientOptions;
  readonly #transport: typeof http | typeof https;

  constructor(conn: Connection, opts: HttpClientOptions) {
    this.#conn = conn;
    this.#opts = opts;
    this.#transport = conn.server.protocol === 'http:' ? http : https;
  }

  get connection(): Connection {
    return this.#conn;
  }

  /** Sends a request and reads the whole answer. Non-2xx answers are returned, not thrown. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    const { res, body } = await this.#exchange(req, false);
    return { statusCode: res.statusCode ?? 0, body: parseBody(body) };
  }

  /** Like `request`, but throws the typed KubeApiError for non-2xx answers. */
  async requestOk(req: HttpRequest): Promise<unknown> {
    const res = await this.request(req);
    if (res.statusCode < 200 || res.statusCode > 299) throw errorFromResponse(res.statusCode, res.body);
    return res.body;
  }

  /**
   * Opens a streaming response (watch). Resolves when a 2xx status arrived; the caller reads and
   * must `destroy()` the response when done. Non-2xx answers are read and thrown as typed errors.
   */
  async openStream(req: HttpRequest): Promise<IncomingMessage> {
    const { res, body } = await this.#exchange(req, true);
    const code = res.statusCode ?? 0;
    if (code >= 200 && code <= 299) return res;
    throw errorFromResponse(code, parseBody(body));
  }

  async #exchange(req: HttpRequest, streaming: boolean): Promise<{ res: IncomingMessage; body: string }> {
    const host = this.#conn.host;
    const limited = performance.now();
    await this.#opts.limiter.acquire(req.signal);
    restClientRateLimiterDurationSeconds.observe(
      { verb: req.method, host },
      (performance.now() - limited) / 1000,
    );
    const headers = await this.#conn.headers();
    req.signal?.throwIfAborted();
    try {
      return await this.#attempt(req, streaming, headers, true);
    } catch (err) {
      if (!(err instanceof StaleSocketError)) throw err;
      return this.#attempt(req, streaming, headers, false);
    }
  }

  #attempt(
    req: HttpRequest,
    streaming: boolean,
    authHeaders: Record<string, string | string[]>,
    retryStaleSocket: boolean,
  ): Promise<{ res: IncomingMessage; body: string }> {
    const { server, host, agent } = this.#conn;
    const basePath = server.pathname.replace(/\/$/, '');
    const timeoutMs = req.timeoutMs ?? this.#opts.timeoutMs;
    const headers: http.OutgoingHttpHeaders = {
      ...authHeaders,
      Accept: 'application/json',
      'User-Agent': this.#opts.userAgent,
    };
    if (req.body !== undefined) {
      headers['Content-Type'] = req.contentType ?? 'application/json';
      headers['Content-Length'] = Buffer.byteLength(req.body);
    }
    const start = performance.now();

    return new Promise((resolve, reject) => {
      let settled = false;
      let gotResponse = false;
      // Set when we end the exchange ourselves (timeout, abort): reported instead of the socket error.
      let failure: Error | undefined;
      let timer: NodeJS.Timeout | undefined;
      const clearTimer = (): void => {
        if (timer) clearTimeout(timer);
        timer = undefined;
      };

      const r = this.#transport.request({
        protocol: server.protocol,
        hostname: server.hostname.replace(/^\[|\]$/g, ''),
        port: server.port || (server.protocol === 'http:' ? 80 : 443),
        path: basePath + req.path,
        method: req.method,
        headers,
        agent,
      });

      const fail = (err: unknown): void => {
        clearTimer();
        if (settled) return;
        settled = true;
        if (!gotResponse) restClientRequestsTotal.inc({ code: '<error>', method: req.method, host });
        if (retryStaleSocket && !gotResponse && failure === undefined && isStaleSocket(err, r)) {
          reject(new StaleSocketError());
        } else reject(failure ?? toError(err));
      };
      const succeed = (res: IncomingMessage, body: string): void => {
        clearTimer();
        if (settled) return;
        settled = true;
        resolve({ res, body });
      };

      if (timeoutMs > 0) {
        timer = setTimeout(() => {
          failure = clientTimeoutError(req.method, req.path, timeoutMs);
          r.destroy(failure);
        }, timeoutMs);
      }
      // The abort listener lives until the exchange closes, so an abort also ends a stream.
      const onAbort = (): void => {
        failure ??= toError(req.signal?.reason);
        r.destroy(failure);
      };
      req.signal?.addEventListener('abort', onAbort, { once: true });
      r.once('close', () => {
        clearTimer();
        req.signal?.removeEventListener('abort', onAbort);
        if (!settled) fail(new Error(`${req.method} ${req.path}: connection closed`));
      });
      r.on('error', fail);

      r.on('response', (res) => {
        gotResponse = true;
        const code = res.statusCode ?? 0;
        restClientRequestsTotal.inc({ code: String(code), method: req.method, host });
        restClientRequestDurationSeconds.observe(
          { verb: req.method, host },
          (performance.now() - start) / 1000,
        );
        if (code === 401) this.#conn.invalidateCredentials();
        if (this.#opts.onWarning) {
          for (const w of parseWarnings(res.headers.warning)) {
            this.#opts.onWarning(w, { method: req.method, path: req.path });
          }
        }
        if (streaming && code >= 200 && code <= 299) {
          clearTimer();
          succeed(res, '');
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => succeed(res, Buffer.concat(chunks).toString('utf8')));
        res.on('error', fail);
      });

      r.end(req.body);
    });
  }
}

function toError(x: unknown): Error {
  return x instanceof Error ? x : new Error(String(x));
}

/** Internal: the request hit a keep-alive socket the server had closed; safe to send again. */
class StaleSocketError extends Error {}
