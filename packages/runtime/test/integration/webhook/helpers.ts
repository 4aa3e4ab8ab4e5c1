// Setup shared by the webhook integration tests: an admin client and a raw API request that exposes
// response headers (the client does not surface Warning headers). Names, namespaces and polling
// come from @agent-operators/testing.
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import type { RequestOptions } from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';

export function adminClient(): Promise<HttpKubeClient> {
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath') });
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** One request to the API server as the admin user, returning status, headers and parsed body. */
export async function rawApiRequest(method: string, path: string, body?: unknown): Promise<RawReply> {
  const kc = new KubeConfig();
  kc.loadFromFile(inject('kubeconfigPath'));
  const url = new URL(path, inject('server'));
  const opts: RequestOptions = {
    method,
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    agent: false,
  };
  await kc.applyToHTTPSOptions(opts);
  return new Promise((resolve, reject) => {
    const req = request(opts, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
