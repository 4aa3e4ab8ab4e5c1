// A manager running a For(ConfigMap) controller against the real API server: created objects are
// reconciled, requeueAfter brings a key back with no event, Owns() maps children to their owner,
// and a namespace-restricted manager ignores other namespaces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '@agent-operators/testing';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { controllerFor, generationChanged } from '../../../src/controller/index.ts';
import type { Request } from '../../../src/controller/index.ts';
import { createManager } from '../../../src/manager/index.ts';
import type { Manager } from '../../../src/manager/index.ts';
import { adminClient, testLogger } from '../manager/helpers.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };
const SECRET = { apiVersion: 'v1', kind: 'Secret' };

let client: HttpKubeClient;
let ns1: string;
let ns2: string;
let outside: string;
let manager: Manager;
const reconciles: Array<{ req: Request; at: number }> = [];
const controllerName = uniqueName('cm');

// The manager helpers' old polling: every 25 ms, for up to 10 s.
const within10s = { timeoutMs: 10_000, intervalMs: 25 };
const countFor = (name: string) => reconciles.filter((r) => r.req.name === name).length;

beforeAll(async () => {
  client = await adminClient();
  [ns1, ns2, outside] = await Promise.all([
    createNamespace(client, 'ctrl-a'),
    createNamespace(client, 'ctrl-b'),
    createNamespace(client, 'ctrl-out'),
  ]);
  // An object that exists before the manager starts: reconciled from the initial list.
  await client.create({ ...CM, metadata: { name: 'preexisting', namespace: ns1 } });

  manager = await createManager({
    client,
    namespaces: [ns1, ns2],
    logger: testLogger(),
    handleSignals: false,
    syncTimeoutMs: 15_000,
    gracefulShutdownMs: 2000,
  });
  let requeued = false;
  manager.add(
    controllerFor(controllerName)
      .for(CM, { predicates: [generationChanged] })
      .owns(SECRET)
      .withMaxConcurrentReconciles(2)
      .build(async (req, { log }) => {
        reconciles.push({ req, at: Date.now() });
        log.debug('reconciling');
        // The cache is the read path: the object must be there when its event arrived.
        const cms = await manager.getInformer({ ...CM });
        const cm = cms.store.get(`${req.namespace}/${req.name}`);
        if (req.name === 'requeue-after' && cm && !requeued) {
          requeued = true;
          return { requeueAfter: 700 };
        }
        return undefined;
      }),
  );
  await manager.start();
});

afterAll(async () => {
  await manager?.stop();
  await Promise.all([ns1, ns2, outside].map((n) => deleteNamespace(client, n)));
  client.close();
});

describe('manager with a For(ConfigMap) controller', () => {
  it('reconciles the initial list and objects created afterwards, in every watched namespace', async () => {
    await eventually('initial list reconcile', () => countFor('preexisting') > 0, within10s);
    await client.create({ ...CM, metadata: { name: 'created', namespace: ns1 } });
    await client.create({ ...CM, metadata: { name: 'created-b', namespace: ns2 } });
    await eventually('reconcile of created', () => countFor('created') > 0, within10s);
    await eventually('reconcile in second namespace', () => countFor('created-b') > 0, within10s);
    expect(reconciles.find((r) => r.req.name === 'created-b')?.req).toEqual({
      namespace: ns2,
      name: 'created-b',
    });
  });

  it('ignores namespaces it does not watch', async () => {
    await client.create({ ...CM, metadata: { name: 'outside', namespace: outside } });
    await client.create({ ...CM, metadata: { name: 'marker', namespace: ns1 } });
    await eventually('marker reconcile', () => countFor('marker') > 0, within10s);
    await new Promise((r) => setTimeout(r, 300));
    expect(countFor('outside')).toBe(0);
  });

  it('reconciles again after requeueAfter without any new event', async () => {
    const created = Date.now();
    await client.create({ ...CM, metadata: { name: 'requeue-after', namespace: ns1 } });
    await eventually('requeued reconcile', () => countFor('requeue-after') >= 2, within10s);
    const [first, second] = reconciles.filter((r) => r.req.name === 'requeue-after');
    expect(first!.at).toBeGreaterThanOrEqual(created);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(700 - 5); // timers may round by a millisecond
    await new Promise((r) => setTimeout(r, 1000));
    expect(countFor('requeue-after')).toBe(2); // success after that: no further requeue
  });

  it('maps an owned Secret to its controller owner, and filters status-only ConfigMap changes', async () => {
    const owner = await client.create<KubeObject>({ ...CM, metadata: { name: 'owner', namespace: ns2 } });
    await eventually('owner reconcile', () => countFor('owner') > 0, within10s);
    const before = countFor('owner');
    await client.create({
      ...SECRET,
      metadata: {
        name: 'child',
        namespace: ns2,
        ownerReferences: [
          { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid!, controller: true },
        ],
      },
    });
    await eventually('owner reconcile via Secret', () => countFor('owner') > before, within10s);
    expect(countFor('child')).toBe(0);
  });
});
