// Leader election against the real API server, with short durations (lease 3 s, renew 2 s, retry 0.5 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '@agent-operators/testing';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { controllerFor } from '../../../src/controller/index.ts';
import { createManager, LEASE_API_VERSION } from '../../../src/manager/index.ts';
import type { Lease, Manager } from '../../../src/manager/index.ts';
import { adminClient, testLogger } from './helpers.ts';

const LEASE_MS = 3000;
const RETRY_MS = 500;

let client: HttpKubeClient;
let ns: string;
const managers: Manager[] = [];

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'leader-election');
});

afterAll(async () => {
  await Promise.all(managers.map((m) => m.stop()));
  await deleteNamespace(client, ns);
  client.close();
});

async function candidate(
  leaseName: string,
  identity: string,
  extra: { releaseOnStop?: boolean; onLostLeadership?: () => void; reconciled?: string[] } = {},
): Promise<Manager> {
  const m = await createManager({
    client,
    logger: testLogger(),
    handleSignals: false,
    syncTimeoutMs: 10_000,
    gracefulShutdownMs: 1000,
    leaderElection: {
      enabled: true,
      leaseName,
      leaseNamespace: ns,
      identity,
      leaseDurationMs: LEASE_MS,
      renewDeadlineMs: 2000,
      retryPeriodMs: RETRY_MS,
      ...(extra.releaseOnStop !== undefined ? { releaseOnStop: extra.releaseOnStop } : {}),
    },
    onLostLeadership: extra.onLostLeadership ?? (() => {}),
  });
  managers.push(m);
  const reconciled = extra.reconciled;
  if (reconciled) {
    m.add(
      controllerFor(`${leaseName}-${identity}`)
        .for({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns })
        .build((req) => {
          reconciled.push(req.name);
          return Promise.resolve();
        }),
    );
  }
  await m.start();
  return m;
}

const getLease = (name: string) =>
  client.get<Lease>({ apiVersion: LEASE_API_VERSION, kind: 'Lease', namespace: ns, name });

describe('leader election', () => {
  it('hands leadership over within the lease duration when the leader stops', async () => {
    const leaseName = uniqueName('handover');
    await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'work', namespace: ns } });
    const byA: string[] = [];
    const byB: string[] = [];
    const a = await candidate(leaseName, 'manager-a', { reconciled: byA });
    await a.elected();
    const b = await candidate(leaseName, 'manager-b', { reconciled: byB });
    // b must stay a standby while a renews: a few retry periods.
    await new Promise((r) => setTimeout(r, 4 * RETRY_MS));
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    // Controllers run only on the leader (b's cache is synced, its controller not started).
    expect(byA).toContain('work');
    expect(byB).toEqual([]);
    const before = await getLease(leaseName);
    expect(before.spec?.holderIdentity).toBe('manager-a');
    expect(before.spec?.leaseDurationSeconds).toBe(3);
    expect(before.spec?.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(before.spec?.renewTime).not.toBe(before.spec?.acquireTime); // renewed since acquiring

    const stopped = Date.now();
    await a.stop();
    await b.elected();
    const handover = Date.now() - stopped;
    expect(handover).toBeLessThan(LEASE_MS);
    expect(a.isLeader()).toBe(false);
    const after = await getLease(leaseName);
    expect(after.spec?.holderIdentity).toBe('manager-b');
    expect(after.spec?.leaseTransitions).toBe((before.spec?.leaseTransitions ?? 0) + 1);
    // The new leader's controller starts and works through the cache it kept warm.
    await eventually('reconcile on the new leader', () => byB.includes('work'), {
      timeoutMs: 5000,
      intervalMs: 25,
    });
    console.log(`leader handover after graceful stop: ${handover} ms`);
  });

  it('takes over an abandoned lease once it has not been renewed for its duration', async () => {
    const leaseName = uniqueName('abandoned');
    const a = await candidate(leaseName, 'crashy-a', { releaseOnStop: false });
    await a.elected();
    const b = await candidate(leaseName, 'standby-b');
    await new Promise((r) => setTimeout(r, 2 * RETRY_MS));
    const stopped = Date.now();
    await a.stop(); // no release: as if the process died
    await b.elected();
    const takeover = Date.now() - stopped;
    // Not before the lease expired as b observed it, and at most one jittered retry after.
    expect(takeover).toBeGreaterThanOrEqual(LEASE_MS - 2 * RETRY_MS);
    expect(takeover).toBeLessThan(LEASE_MS + 1.2 * RETRY_MS + 1000);
    expect((await getLease(leaseName)).spec?.holderIdentity).toBe('standby-b');
    console.log(`takeover of an abandoned lease: ${takeover} ms`);
  });

  it('calls onLostLeadership when the lease is taken away and cannot be renewed', async () => {
    const leaseName = uniqueName('lost');
    let lost = 0;
    const a = await candidate(leaseName, 'victim', { onLostLeadership: () => void lost++ });
    await a.elected();
    const lease = await getLease(leaseName);
    // reconcile-guard:allow the test plays a rival candidate writing the Lease
    await client.update<Lease>({
      ...lease,
      spec: {
        ...lease.spec,
        holderIdentity: 'usurper',
        leaseDurationSeconds: 60,
        renewTime: lease.spec?.renewTime,
      },
    });
    const taken = Date.now();
    await eventually('onLostLeadership', () => lost > 0, { timeoutMs: 10_000, intervalMs: 25 });
    expect(a.isLeader()).toBe(false);
    // renewDeadline (2 s) after the last successful renewal, plus one retry at most.
    expect(Date.now() - taken).toBeLessThan(2000 + RETRY_MS + 1000);
  });
});
