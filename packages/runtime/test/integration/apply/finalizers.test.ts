// Finalizers by JSON patch on a real API server: added and removed without touching anything
// else, no request when already in place, and a concurrent change fails the `test` op.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace } from '@agent-operators/testing';
import { ConflictError } from '../../../src/client/errors.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { addFinalizer, removeFinalizer } from '../../../src/apply/finalizers.ts';
import { statefulSet } from '../../unit/apply/fixtures.ts';
import { adminClient, read, refTo } from './helpers.ts';
import { countRequests } from './request-counter.ts';

const F = 'hermes.agent/backup-on-delete';

describe('finalizers', () => {
  let admin: HttpKubeClient;
  let ns: string;
  const cleanup: KubeObject[] = [];

  beforeAll(async () => {
    admin = await adminClient();
    ns = await createNamespace(admin, 'apply-finalizers');
  });
  afterAll(async () => {
    // Objects with finalizers would otherwise linger in etcd for the rest of the run.
    for (const obj of cleanup) {
      await admin.patch(refTo(obj), 'merge', { metadata: { finalizers: null } }).catch(() => undefined);
    }
    admin?.close();
  });

  async function fresh(name: string): Promise<KubeObject> {
    const obj = await admin.create(statefulSet(ns, name));
    cleanup.push(obj);
    return obj;
  }

  it('adds and removes by patch without moving the generation, and no-ops without a request', async () => {
    const obj = await fresh('add-remove');
    const counter = countRequests(admin);
    const added = await addFinalizer(counter.client, obj, F);
    expect(added.changed).toBe(true);
    expect(added.object.metadata.finalizers).toEqual([F]);
    expect(added.object.metadata.generation).toBe(obj.metadata.generation);
    expect(counter.counts).toMatchObject({ patch: 1, update: 0 });

    counter.reset();
    expect((await addFinalizer(counter.client, added.object, F)).changed).toBe(false);
    expect((await removeFinalizer(counter.client, obj, F)).changed).toBe(false); // obj has none
    expect(counter.total).toBe(0);

    const second = await addFinalizer(admin, added.object, 'other.io/keep');
    const removed = await removeFinalizer(admin, second.object, F);
    expect(removed.object.metadata.finalizers).toEqual(['other.io/keep']);
    const last = await removeFinalizer(admin, removed.object, 'other.io/keep');
    expect((await read(admin, obj)).metadata.finalizers).toBeUndefined();
    expect(last.object.metadata.generation).toBe(obj.metadata.generation);
  });

  it('fails the add with ConflictError when someone else changed the list first', async () => {
    const obj = await fresh('race-add');
    await admin.patch(refTo(obj), 'merge', { metadata: { finalizers: ['someone.else/f'] } });
    await expect(addFinalizer(admin, obj, F)).rejects.toBeInstanceOf(ConflictError);
    expect((await read(admin, obj)).metadata.finalizers).toEqual(['someone.else/f']);
  });

  it('fails the remove with ConflictError when the list moved under it', async () => {
    const obj = await fresh('race-remove');
    const { object: withBoth } = await addFinalizer(
      admin,
      (await addFinalizer(admin, obj, 'a.io/first')).object,
      F,
    );
    // Someone removes the first entry: index 1 of the stale list would now point past the end.
    await admin.patch(refTo(obj), 'json', [{ op: 'remove', path: '/metadata/finalizers/0' }]);
    await expect(removeFinalizer(admin, withBoth, F)).rejects.toBeInstanceOf(ConflictError);
    expect((await read(admin, obj)).metadata.finalizers).toEqual([F]);
  });

  it('fails when the name now belongs to a different object (deleted and recreated)', async () => {
    const obj = await fresh('recreated');
    await admin.delete(refTo(obj));
    const again = await admin.create(statefulSet(ns, 'recreated'));
    cleanup.push(again);
    await expect(addFinalizer(admin, obj, F)).rejects.toBeInstanceOf(ConflictError);
  });
});
