// Expired resourceVersions need a compacted etcd, so this file runs its own control plane with the
// watch cache off (otherwise the cache keeps serving old versions after compaction).
import { startControlPlane } from '@agent-operators/testing';
import type { ControlPlane } from '@agent-operators/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoneError, createKubeClient, errorFromStatus } from '../../../src/client/index.ts';
import type { HttpKubeClient, Status, WatchEvent } from '../../../src/client/index.ts';
import { configMap } from './helpers.ts';

let cp: ControlPlane;
let client: HttpKubeClient;
const ns = 'expired';
const cmKind = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns };
let oldRv = '';
let firstPageContinue = '';

beforeAll(async () => {
  cp = await startControlPlane({ tier: 'api', apiServerArgs: ['--watch-cache=false'] });
  client = await createKubeClient({ kubeconfigPath: cp.kubeconfigPath, qps: 0 });
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  for (let i = 0; i < 5; i++) await client.create(configMap(ns, `cm-${i}`));
  const page = await client.list(cmKind, { limit: 2 });
  oldRv = page.metadata.resourceVersion ?? '';
  firstPageContinue = page.metadata.continue ?? '';
  // Two writes, so the compaction revision is past oldRv + 1 (where a watch from oldRv starts).
  await client.patch({ ...cmKind, name: 'cm-0' }, 'merge', { data: { changed: 'yes' } });
  await client.patch({ ...cmKind, name: 'cm-1' }, 'merge', { data: { changed: 'yes' } });
  await cp.compact();
}, 120_000);

afterAll(async () => {
  client?.close();
  await cp?.stop();
});

describe('expired resourceVersions', () => {
  it('a watch from a compacted resourceVersion yields an ERROR event with the 410 Status', async () => {
    const events: WatchEvent[] = [];
    for await (const evt of client.watch(cmKind, { resourceVersion: oldRv, timeoutSeconds: 10 })) {
      events.push(evt);
      if (evt.type === 'ERROR') break;
    }
    expect(events.map((e) => e.type)).toEqual(['ERROR']);
    const status = events[0]?.object as unknown as Status;
    expect(status, JSON.stringify(status)).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
    expect(errorFromStatus(status)).toBeInstanceOf(GoneError);
  });

  it('an exact list at a compacted resourceVersion throws GoneError', async () => {
    await expect(
      client.list(cmKind, { resourceVersion: oldRv, resourceVersionMatch: 'Exact' }),
    ).rejects.toBeInstanceOf(GoneError);
  });

  it('listAll falls back to a full list when its continue token expired', async () => {
    await expect(client.list(cmKind, { limit: 2, continue: firstPageContinue })).rejects.toBeInstanceOf(
      GoneError,
    );
    const all = await client.listAll(cmKind, { limit: 2, continue: firstPageContinue });
    expect(all.items.map((i) => i.metadata.name).sort()).toEqual(['cm-0', 'cm-1', 'cm-2', 'cm-3', 'cm-4']);
    expect(all.resourceVersion).not.toBe(oldRv);
  });
});
