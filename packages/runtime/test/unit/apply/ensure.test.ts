import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../../src/client/errors.ts';
import { ensure } from '../../../src/apply/ensure.ts';
import { ownedKeysByPrefix } from '../../../src/apply/owned-keys.ts';
import { createFakeClient } from './fake-client.ts';
import { configMap, pvc, secret, statefulSet } from './fixtures.ts';
import { at } from './json-path.ts';

const ownedKey = ownedKeysByPrefix(['hermes.agent/', 'app.kubernetes.io/']);

describe('ensure', () => {
  it('creates an absent object with one GET and one POST', async () => {
    const client = createFakeClient();
    const res = await ensure(client, statefulSet('ns'));
    expect(res.result).toBe('created');
    expect(res.object.metadata.uid).toBeDefined();
    expect(client.requests.map((r) => r.verb)).toEqual(['get', 'create']);
  });

  it('sends nothing when the object supplied from the cache already holds the desired state', async () => {
    const client = createFakeClient();
    const { object } = await ensure(client, statefulSet('ns'));
    client.requests.length = 0;
    const res = await ensure(client, statefulSet('ns'), { current: object, ownedKey });
    expect(res.result).toBe('unchanged');
    expect(res.object).toBe(object);
    expect(client.requests).toEqual([]);
  });

  it('reads through a getter instead of a GET', async () => {
    const client = createFakeClient();
    const { object } = await ensure(client, configMap('ns'));
    client.requests.length = 0;
    const res = await ensure(client, configMap('ns'), { getter: () => object });
    expect(res.result).toBe('unchanged');
    expect(client.requests).toEqual([]);
  });

  it('treats `current: undefined` as known-absent: no GET, just the create', async () => {
    const client = createFakeClient();
    await ensure(client, configMap('ns'), { current: undefined });
    expect(client.requests.map((r) => r.verb)).toEqual(['create']);
  });

  it('updates with a PUT carrying the live resourceVersion and keeping everyone else’s fields', async () => {
    const client = createFakeClient();
    const { object } = await ensure(client, configMap('ns'));
    const live = structuredClone(object);
    live.metadata.labels = { ...live.metadata.labels, team: 'x' };
    const desired = configMap('ns');
    at(desired, 'data')['SOUL.md'] = 'changed';
    client.requests.length = 0;
    const res = await ensure(client, desired, { current: live, ownedKey, fieldManager: 'hermes-operator' });
    expect(res.result).toBe('updated');
    expect(client.requests).toHaveLength(1);
    const [put] = client.requests;
    expect(put?.verb).toBe('update');
    expect(put?.opts).toMatchObject({ fieldManager: 'hermes-operator' });
    const body = put?.body as typeof object;
    expect(body.metadata.resourceVersion).toBe(object.metadata.resourceVersion);
    expect(body.metadata.uid).toBe(object.metadata.uid);
    expect(body.metadata.labels?.['team']).toBe('x');
  });

  it('surfaces a stale cached object as ConflictError', async () => {
    const client = createFakeClient();
    const { object: stale } = await ensure(client, configMap('ns'));
    const edited = configMap('ns');
    at(edited, 'data')['SOUL.md'] = 'v2';
    await ensure(client, edited); // moves the resourceVersion past `stale`
    at(edited, 'data')['SOUL.md'] = 'v3';
    await expect(ensure(client, edited, { current: stale })).rejects.toBeInstanceOf(ConflictError);
  });

  it('falls back to the live object when the cache missed an existing one', async () => {
    const client = createFakeClient();
    await ensure(client, configMap('ns'));
    client.requests.length = 0;
    const res = await ensure(client, configMap('ns'), { current: undefined });
    expect(res.result).toBe('unchanged');
    expect(client.requests.map((r) => r.verb)).toEqual(['create', 'get']);
  });

  it('never updates a PVC, reporting drift instead', async () => {
    const client = createFakeClient();
    const { object } = await ensure(client, pvc('ns'));
    const bigger = pvc('ns');
    at(bigger, 'spec', 'resources', 'requests')['storage'] = '50Gi';
    client.requests.length = 0;
    const res = await ensure(client, bigger, { current: object });
    expect(res).toMatchObject({ result: 'unchanged', drift: true });
    expect(client.requests).toEqual([]);
    expect(await ensure(client, pvc('ns'), { current: object })).toMatchObject({
      result: 'unchanged',
      drift: false,
    });
  });

  it('compares a Secret’s stringData with the data the server stores', async () => {
    const client = createFakeClient();
    const { object } = await ensure(client, secret('ns'));
    // What the API server returns: stringData folded into base64 data.
    const live = structuredClone(object);
    const { stringData, ...rest } = live as typeof live & { stringData: Record<string, string> };
    const data = at(rest, 'data');
    for (const [k, v] of Object.entries(stringData)) data[k] = Buffer.from(v).toString('base64');
    client.requests.length = 0;
    expect((await ensure(client, secret('ns'), { current: rest })).result).toBe('unchanged');
    expect(client.requests).toEqual([]);
  });

  it('does not send server-owned metadata or status on create', async () => {
    const client = createFakeClient();
    const desired = configMap('ns');
    desired.metadata.resourceVersion = '5';
    desired['status'] = { x: 1 };
    await ensure(client, desired, { current: undefined });
    const body = client.requests[0]?.body as typeof desired;
    expect(body.metadata.resourceVersion).toBeUndefined();
    expect(body['status']).toBeUndefined();
  });
});
