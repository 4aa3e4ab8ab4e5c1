// The HTTP and watch-stream code against a tiny local HTTP server: only byte-level behaviour the
// real API server cannot be made to show on demand (split chunks, dropped keep-alive sockets,
// non-Status error bodies). Kubernetes semantics are tested against the real server.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeApiError, NotFoundError, createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient, WatchEvent } from '../../../src/client/index.ts';

const discovery = {
  kind: 'APIResourceList',
  groupVersion: 'v1',
  resources: [{ name: 'configmaps', namespaced: true, kind: 'ConfigMap', verbs: ['get', 'list', 'watch'] }],
};

const requestsPerSocket = new WeakMap<Socket, number>();
let flakyHits = 0;
let server: http.Server;
let client: HttpKubeClient;

function cm(name: string, value: string) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'a' }, data: { v: value } };
}

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const n = (requestsPerSocket.get(req.socket) ?? 0) + 1;
  requestsPerSocket.set(req.socket, n);
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/v1') {
    res.end(JSON.stringify(discovery));
  } else if (url.pathname === '/api/v1/namespaces/a/configmaps' && url.searchParams.get('watch') === 'true') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const events = [
      { type: 'ADDED', object: cm('one', 'ü'.repeat(3)) },
      { type: 'MODIFIED', object: cm('one', '日本') },
      {
        type: 'ERROR',
        object: { kind: 'Status', apiVersion: 'v1', code: 410, reason: 'Expired', message: 'too old' },
      },
    ];
    const bytes = Buffer.from(events.map((e) => JSON.stringify(e) + '\n').join(''));
    // Cut in odd places, inside multi-byte characters and across lines.
    const cuts = [1, 7, 60, 61, 62, 150, bytes.length];
    let from = 0;
    const next = (i: number): void => {
      if (i >= cuts.length) return void res.end();
      res.write(bytes.subarray(from, cuts[i]));
      from = cuts[i] ?? bytes.length;
      setTimeout(() => next(i + 1), 2);
    };
    next(0);
  } else if (url.pathname === '/api/v1/namespaces/a/configmaps/flaky') {
    // Drop the keep-alive socket on its second request, as a server closing an idle connection would.
    if (n > 1) return void req.socket.destroy();
    flakyHits += 1;
    res.end(JSON.stringify(cm('flaky', String(flakyHits))));
  } else if (url.pathname === '/api/v1/namespaces/a/configmaps/proxy') {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html>bad gateway</html>');
  } else {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404, message: 'nope' }),
    );
  }
}

beforeAll(async () => {
  server = http.createServer({ keepAliveTimeout: 60_000 }, handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'fake', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'u', token: 't' }],
    contexts: [{ name: 'c', cluster: 'fake', user: 'u' }],
    currentContext: 'c',
  });
  client = await createKubeClient({ kubeconfig: kc, qps: 0 });
});

afterAll(async () => {
  client.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('watch stream parsing', () => {
  it('reassembles events cut mid-line and mid-character, and passes ERROR events through', async () => {
    const events: WatchEvent[] = [];
    for await (const evt of client.watch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a' }))
      events.push(evt);
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'ERROR']);
    expect(events[0]?.object.data).toEqual({ v: 'üüü' });
    expect(events[1]?.object.data).toEqual({ v: '日本' });
    expect(events[2]?.object).toMatchObject({ kind: 'Status', code: 410 });
  });
});

describe('http exchange', () => {
  it('retries once on a keep-alive socket the server dropped', async () => {
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'flaky' };
    await client.get(ref);
    const second = await client.get(ref);
    expect(second.data).toEqual({ v: '2' });
  });

  it('types errors from non-Status bodies by their HTTP code', async () => {
    const err: unknown = await client
      .get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'proxy' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KubeApiError);
    expect(err).toMatchObject({ statusCode: 502, message: '<html>bad gateway</html>' });
    await expect(
      client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'x' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('sends the bearer token and the user agent', async () => {
    const seen = new Promise<http.IncomingHttpHeaders>((resolve) =>
      server.once('request', (req: http.IncomingMessage) => resolve(req.headers)),
    );
    await client
      .get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'x' })
      .catch(() => undefined);
    const headers = await seen;
    expect(headers.authorization).toBe('Bearer t');
    expect(headers['user-agent']).toMatch(/^agent-operators-runtime/);
    expect(headers.accept).toBe('application/json');
  });
});
