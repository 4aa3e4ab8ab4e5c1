// A minimal HTTPS client for talking to the webhook server in tests.
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:tls';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PostOptions {
  ca: string;
  method?: string;
  signal?: AbortSignal;
  headers?: Record<string, string | number>;
  /** Write the body in pieces, pausing `gapMs` between them (or stop after the first piece). */
  chunks?: { pieces: Buffer[]; gapMs: number; stopEarly?: boolean };
}

export function post(port: number, path: string, body: unknown, opts: PostOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'POST',
        ca: opts.ca,
        agent: false,
        ...(opts.signal ? { signal: opts.signal } : {}),
        headers: {
          'Content-Type': 'application/json',
          ...(opts.chunks ? {} : { 'Content-Length': Buffer.byteLength(payload) }),
          ...opts.headers,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    // The server may answer (413) and close while we are still writing; the answer is what counts.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    if (!opts.chunks) {
      req.end(payload);
      return;
    }
    const { pieces, gapMs, stopEarly } = opts.chunks;
    let i = 0;
    const next = (): void => {
      if (req.destroyed) return;
      const piece = pieces[i++];
      if (piece === undefined) {
        req.end();
        return;
      }
      req.write(piece);
      if (stopEarly) return;
      setTimeout(next, gapMs);
    };
    next();
  });
}

/** The SHA-256 fingerprint of the certificate the server presents to a new connection. */
export function presentedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const fp = socket.getPeerCertificate().fingerprint256;
      socket.end();
      resolve(fp);
    });
    socket.on('error', reject);
  });
}
