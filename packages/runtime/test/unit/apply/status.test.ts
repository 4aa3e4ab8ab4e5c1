import { describe, expect, it } from 'vitest';
import { updateStatusIfChanged } from '../../../src/apply/status.ts';
import { createFakeClient } from './fake-client.ts';
import { statefulSet } from './fixtures.ts';

describe('updateStatusIfChanged', () => {
  it('writes /status only when the status differs (key order and undefined do not count)', async () => {
    const client = createFakeClient();
    const obj = await client.create(statefulSet('ns'));
    client.requests.length = 0;
    const first = await updateStatusIfChanged(client, obj, { phase: 'Running', replicas: 1 });
    expect(first.written).toBe(true);
    expect(client.requests).toEqual([
      expect.objectContaining({ verb: 'update', opts: { subresource: 'status' } }),
    ]);
    const again = await updateStatusIfChanged(client, first.object, {
      replicas: 1,
      phase: 'Running',
      extra: undefined,
    });
    expect(again.written).toBe(false);
    expect(again.object).toBe(first.object);
    expect(client.requests).toHaveLength(1);
  });

  it('sends the resourceVersion it computed from, so a stale status conflicts', async () => {
    const client = createFakeClient();
    const obj = await client.create(statefulSet('ns'));
    await updateStatusIfChanged(client, obj, { phase: 'A' });
    await expect(updateStatusIfChanged(client, obj, { phase: 'B' })).rejects.toMatchObject({
      name: 'ConflictError',
    });
  });
});
