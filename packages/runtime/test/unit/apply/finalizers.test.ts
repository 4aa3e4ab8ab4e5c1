import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../../src/client/errors.ts';
import { addFinalizer, hasFinalizer, removeFinalizer } from '../../../src/apply/finalizers.ts';
import { createFakeClient } from './fake-client.ts';
import { configMap } from './fixtures.ts';

const F = 'hermes.agent/backup-on-delete';

async function setup() {
  const client = createFakeClient();
  const obj = await client.create(configMap('ns'));
  client.requests.length = 0;
  return { client, obj };
}

describe('finalizers', () => {
  it('adds with a JSON patch that tests the list it was decided on', async () => {
    const { client, obj } = await setup();
    const res = await addFinalizer(client, obj, F);
    expect(res.changed).toBe(true);
    expect(hasFinalizer(res.object, F)).toBe(true);
    expect(client.requests).toEqual([
      expect.objectContaining({
        verb: 'patch',
        patchType: 'json',
        body: [
          { op: 'test', path: '/metadata/uid', value: obj.metadata.uid },
          { op: 'test', path: '/metadata/finalizers', value: null },
          { op: 'add', path: '/metadata/finalizers', value: [F] },
        ],
      }),
    ]);
  });

  it('appends to an existing list', async () => {
    const { client, obj } = await setup();
    const first = await addFinalizer(client, obj, 'other/f');
    const res = await addFinalizer(client, first.object, F);
    expect(res.object.metadata.finalizers).toEqual(['other/f', F]);
    expect(client.requests[1]?.body).toContainEqual({ op: 'add', path: '/metadata/finalizers/-', value: F });
  });

  it('sends nothing when already in the desired state', async () => {
    const { client, obj } = await setup();
    const withF = (await addFinalizer(client, obj, F)).object;
    client.requests.length = 0;
    expect((await addFinalizer(client, withF, F)).changed).toBe(false);
    expect((await removeFinalizer(client, obj, F)).changed).toBe(false);
    expect(client.requests).toEqual([]);
  });

  it('removes by index, keeping the others', async () => {
    const { client, obj } = await setup();
    let cur = (await addFinalizer(client, obj, 'a/x')).object;
    cur = (await addFinalizer(client, cur, F)).object;
    cur = (await addFinalizer(client, cur, 'b/y')).object;
    const res = await removeFinalizer(client, cur, F);
    expect(res.object.metadata.finalizers).toEqual(['a/x', 'b/y']);
  });

  it('turns a lost race (failed test op) into ConflictError', async () => {
    const { client, obj } = await setup();
    await addFinalizer(client, obj, 'someone/else'); // obj is now stale
    await expect(addFinalizer(client, obj, F)).rejects.toBeInstanceOf(ConflictError);
  });
});
