// Minimal HTTPS/HTTP requests for readiness checks and cluster bootstrap; the testing package
// stays independent of the runtime it is used to test.
import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AdminCredentials } from './types.ts';

export interface Response {
  status: number;
  body: string;
}

export function adminRequest(
  server: string,
  admin: AdminCredentials,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server);
    const req = httpsRequest(
      url,
      {
        method,
        ca: admin.caCert,
        cert: admin.clientCert,
        key: admin.clientKey,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        timeout: 10_000,
      },
      (res) => collect(res, resolve, reject),
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export function plainRequest(url: string, method = 'GET', body?: unknown): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, timeout: 10_000 }, (res) => collect(res, resolve, reject));
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function collect(res: IncomingMessage, resolve: (r: Response) => void, reject: (e: Error) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
  res.on('error', reject);
}
