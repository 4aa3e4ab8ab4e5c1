// Health and metrics endpoints of a running manager: readiness follows cache sync, metrics are
// served over HTTPS with a self-signed certificate (or HTTP), from one `secure` setting.
import { get as httpsGet } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '@agent-operators/testing';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { controllerFor } from '../../../src/controller/index.ts';
import { createManager } from '../../../src/manager/index.ts';
import type { Manager } from '../../../src/manager/index.ts';
import { adminClient, testLogger } from './helpers.ts';

let client: HttpKubeClient;
let ns: string;
const managers: Manager[] = [];

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'mgr-servers');
});

afterAll(async () => {
  await Promise.all(managers.map((m) => m.stop()));
  await deleteNamespace(client, ns);
  client.close();
});

function httpsText(url: string): Promise<{ status: number; body: string; cert: string }> {
  return new Promise((resolve, reject) => {
    // The certificate is self-signed; verification is what a scraper configures, not the point here.
    httpsGet(url, { rejectUnauthorized: false }, (res) => {
      // Read the peer certificate now: the socket is detached once the response ends.
      const cert = String((res.socket as TLSSocket).getPeerCertificate().subject?.CN ?? '');
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cert }));
    }).on('error', reject);
  });
}

describe('manager servers', () => {
  it('serves /healthz, /readyz after sync, and /metrics over self-signed HTTPS', async () => {
    const name = uniqueName('servers');
    const m = await createManager({
      client,
      namespaces: [ns],
      logger: testLogger(),
      handleSignals: false,
      healthAddress: '127.0.0.1:0',
      metrics: { address: '127.0.0.1:0', secure: true },
      leaderElection: {
        enabled: true,
        leaseName: name,
        leaseNamespace: ns,
        leaseDurationMs: 3000,
        renewDeadlineMs: 2000,
        retryPeriodMs: 500,
      },
      onLostLeadership: () => {},
    });
    managers.push(m);
    m.add(
      controllerFor(name)
        .for({ apiVersion: 'v1', kind: 'ConfigMap' })
        .build(() => Promise.resolve()),
    );
    await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'one', namespace: ns } });
    await m.start();
    await m.elected();
    const base = `http://127.0.0.1:${m.healthAddress!.port}`;
    const healthz = await fetch(`${base}/healthz`);
    expect(healthz.status).toBe(200);
    const readyz = await fetch(`${base}/readyz`);
    expect(readyz.status).toBe(200);
    expect(await readyz.text()).toContain('[+]informers ok');
    expect((await fetch(`${base}/nope`)).status).toBe(404);

    expect(m.metricsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const reconciled = `controller_runtime_reconcile_total{controller="${name}",result="success"} 1`;
    const metrics = await eventually(
      'a reconcile counted in /metrics',
      async () => {
        const got = await httpsText(m.metricsUrl!);
        return got.body.includes(reconciled) ? got : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 25 },
    );
    expect(metrics.status).toBe(200);
    expect(metrics.cert).toBe('localhost');
    expect(metrics.body).toContain(
      `controller_runtime_reconcile_total{controller="${name}",result="success"}`,
    );
    expect(metrics.body).toContain(`workqueue_adds_total{name="${name}",controller="${name}"}`);
    expect(metrics.body).toContain(`leader_election_master_status{name="${name}"} 1`);
    expect(metrics.body).toContain('controller_runtime_max_concurrent_reconciles');

    await m.stop();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('serves plain HTTP metrics when secure is false, and is not ready while a cache cannot sync', async () => {
    const m = await createManager({
      client,
      logger: testLogger(),
      handleSignals: false,
      healthAddress: '127.0.0.1:0',
      metrics: { address: '127.0.0.1:0', secure: false },
      syncTimeoutMs: 1500,
    });
    managers.push(m);
    // A kind the server does not serve: its informer can never list, so the caches cannot sync.
    m.add(
      controllerFor(uniqueName('missing'))
        .for({ apiVersion: 'example.invalid/v1', kind: 'Nothing', namespace: ns })
        .build(() => Promise.resolve()),
    );
    const starting = m.start();
    await new Promise((r) => setTimeout(r, 500));
    const readyz = await fetch(`http://127.0.0.1:${m.healthAddress!.port}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.text()).toMatch(/\[-\]informers failed: .*Nothing.*not synced/);
    expect(m.metricsUrl).toMatch(/^http:\/\//);
    expect((await fetch(m.metricsUrl!)).status).toBe(200);
    await expect(starting).rejects.toThrow(/not synced within 1500 ms/);
  });
});
