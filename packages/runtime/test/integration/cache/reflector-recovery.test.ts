// Done-when: a watch resumes after the API server restarts with no event lost, and a 410 leads to
// a relist that emits the right adds, updates and deletes. Both on a real etcd + kube-apiserver of
// this file's own, since it restarts the API server and compacts etcd.
//
// Why the API server runs with `--watch-cache-sizes=configmaps#0`: with the watch cache on, a
// resourceVersion older than the cache's window answers 410, and a restarted API server's cache
// starts at the current etcd revision (which its own startup writes have moved), so no client can
// resume a cached resource across a restart; compaction alone does not expire a cached window
// either. ConfigMaps are served from etcd here, so resuming and compaction behave as etcd does;
// Secrets keep the default watch cache and show what the default gives: a 410 and an exact relist.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNamespace, startControlPlane } from '@agent-operators/testing';
import type { ControlPlane } from '@agent-operators/testing';
import type { CacheLogger } from '../../../src/cache/logger.ts';
import { SharedInformer } from '../../../src/cache/shared-informer.ts';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeClient, KubeObject } from '../../../src/client/types.ts';
import { PausableWatches } from './pausable-client.ts';
import { cacheState, configMap, deleteConfigMap, recordEvents, serverState, updateData } from './helpers.ts';

const secret = (namespace: string, name: string, v: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { namespace, name },
  stringData: { v },
});

async function secretState(client: KubeClient, namespace: string): Promise<Record<string, string>> {
  const { items } = await client.listAll({ apiVersion: 'v1', kind: 'Secret', namespace });
  return cacheState(items);
}

/** Collects the informer's warnings instead of printing them; the test reads them on failure. */
function collectingLogger(): CacheLogger & { lines: string[] } {
  const lines: string[] = [];
  const push = (fields: Record<string, unknown>, msg: string): void => {
    lines.push(`${msg} ${JSON.stringify(fields)}`);
  };
  return { lines, debug: () => {}, info: push, warn: push, error: push };
}

const sorted = (xs: string[]): string[] => [...xs].sort();

describe('reflector recovery on a real API server', () => {
  let cp: ControlPlane;
  let client: HttpKubeClient;

  beforeAll(async () => {
    cp = await startControlPlane({ tier: 'api', apiServerArgs: ['--watch-cache-sizes=configmaps#0'] });
    client = await createKubeClient({ kubeconfigPath: cp.kubeconfigPath });
  }, 180_000);

  afterAll(async () => {
    client?.close();
    await cp?.stop();
  });

  it('resumes after an API server restart with no event lost', { timeout: 120_000 }, async () => {
    const ns = await createNamespace(client, 'cache-restart');
    for (let i = 0; i < 5; i++) {
      await client.create(configMap(ns, `cm-${i}`, { v: '0' }));
      await client.create(secret(ns, `s-${i}`, '0'));
    }
    const logger = collectingLogger();

    // ConfigMaps (served by etcd): the informer reconnects by itself through the restart.
    const cmWatches = new PausableWatches(client);
    const cms = new SharedInformer(
      cmWatches.client(),
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns },
      { logger },
    );
    const cmEvents = recordEvents();
    cms.addHandler(cmEvents.handler);

    // Secrets (default watch cache): held off the server until the changes are made, so what the
    // relist must reconstruct is fixed.
    const secretWatches = new PausableWatches(client);
    const secrets = new SharedInformer(
      secretWatches.client(),
      { apiVersion: 'v1', kind: 'Secret', namespace: ns },
      { logger },
    );
    const secretEvents = recordEvents();
    secrets.addHandler(secretEvents.handler);

    cms.start();
    secrets.start();
    try {
      await Promise.all([cms.waitForSync(30_000), secrets.waitForSync(30_000)]);
      expect(sorted(cmEvents.events)).toEqual([0, 1, 2, 3, 4].map((i) => `add cm-${i} initial`));
      expect(sorted(secretEvents.events)).toEqual([0, 1, 2, 3, 4].map((i) => `add s-${i} initial`));
      cmEvents.events.length = 0;
      secretEvents.events.length = 0;

      secretWatches.pause();
      await vi.waitFor(() => expect(secretWatches.activeWatches).toBe(0));
      // A write elsewhere, so the restarted watch cache starts past the Secrets informer's resourceVersion.
      await client.create(configMap('default', `marker-${ns}`, {}));
      const cmRvBeforeRestart = cms.lastResourceVersion;
      const watchesBeforeRestart = cmWatches.watchedFrom.length;

      await cp.restartApiServer();
      const fresh = await createKubeClient({ kubeconfigPath: cp.kubeconfigPath });
      try {
        for (const i of [5, 6, 7]) await fresh.create(configMap(ns, `cm-${i}`, { v: '0' }));
        await updateData(fresh, ns, 'cm-1', { v: '1' });
        await updateData(fresh, ns, 'cm-5', { v: '1' });
        await deleteConfigMap(fresh, ns, 'cm-2');
        await deleteConfigMap(fresh, ns, 'cm-6');

        for (const i of [5, 6, 7]) await fresh.create(secret(ns, `s-${i}`, '0'));
        const patchSecret = (name: string): Promise<KubeObject> =>
          fresh.patch({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name }, 'merge', {
            stringData: { v: '1' },
          });
        await patchSecret('s-1');
        await patchSecret('s-5');
        await fresh.delete({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 's-2' });
        await fresh.delete({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 's-6' });
        secretWatches.resume();

        const expectedCms = await serverState(fresh, ns);
        const expectedSecrets = await secretState(fresh, ns);
        await vi.waitFor(
          () => {
            expect(cacheState(cms.store.list())).toEqual(expectedCms);
            expect(cacheState(secrets.store.list())).toEqual(expectedSecrets);
          },
          { timeout: 60_000, interval: 100 },
        );

        // Every change, in order, as a live event: nothing inferred, nothing missing.
        expect(cmEvents.events, logger.lines.join('\n')).toEqual([
          'add cm-5',
          'add cm-6',
          'add cm-7',
          'update cm-1',
          'update cm-5',
          'delete cm-2',
          'delete cm-6',
        ]);
        // Resumed, not relisted: still the one initial LIST, and the first watch after the restart
        // asked for the resourceVersion the informer held before it.
        expect(cms.stats).toMatchObject({ lists: 1, expired: 0 });
        expect(cmWatches.watchedFrom[watchesBeforeRestart]).toBe(cmRvBeforeRestart);
        expect(cms.lastError).toBeUndefined();

        // The watch cache answered 410; the relist emitted exactly the differences. s-6 came and
        // went while the informer was away, so no list could show it: no event, as in client-go.
        expect(secrets.stats).toMatchObject({ lists: 2, expired: 1 });
        expect(sorted(secretEvents.events)).toEqual([
          'add s-5',
          'add s-7',
          'delete s-2 unknown',
          'update s-1',
        ]);
        expect(secrets.lastError).toBeUndefined();
      } finally {
        fresh.close();
      }
    } finally {
      await Promise.all([cms.stop(), secrets.stop()]);
    }
  });

  it(
    'relists after a 410 and emits exactly the adds, updates and deletes it missed',
    { timeout: 60_000 },
    async () => {
      const ns = await createNamespace(client, 'cache-gone');
      for (const name of ['b', 'c', 'd']) await client.create(configMap(ns, name, { v: '0' }));
      const logger = collectingLogger();
      const watches = new PausableWatches(client);
      const informer = new SharedInformer(
        watches.client(),
        { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns },
        { logger },
      );
      const rec = recordEvents();
      informer.addHandler(rec.handler);
      informer.start();
      try {
        await informer.waitForSync(30_000);
        expect(sorted(rec.events)).toEqual(['add b initial', 'add c initial', 'add d initial']);
        rec.events.length = 0;

        watches.pause();
        await vi.waitFor(() => expect(watches.activeWatches).toBe(0));
        const staleRv = informer.lastResourceVersion;
        await client.create(configMap(ns, 'a', { v: '0' }));
        await updateData(client, ns, 'b', { v: '1' });
        await deleteConfigMap(client, ns, 'c');
        await cp.compact();
        const expected = await serverState(client, ns);
        watches.resume();

        await vi.waitFor(() => expect(informer.stats.lists).toBe(2), { timeout: 30_000, interval: 50 });
        expect(rec.events, logger.lines.join('\n')).toEqual(['add a', 'update b', 'delete c unknown']);
        expect(cacheState(informer.store.list())).toEqual(expected);
        expect(informer.stats.expired).toBe(1);
        // The watch after the pause asked for the stale resourceVersion, the next one for the relist's.
        const after = watches.watchedFrom.slice(watches.watchedFrom.indexOf(staleRv));
        expect(after[0]).toBe(staleRv);
        await vi.waitFor(() => expect(watches.watchedFrom.at(-1)).toBe(informer.lastResourceVersion));
        expect(logger.lines.some((l) => l.startsWith('resourceVersion expired'))).toBe(true);
        expect(informer.lastError).toBeUndefined();
      } finally {
        await informer.stop();
      }
    },
  );
});
