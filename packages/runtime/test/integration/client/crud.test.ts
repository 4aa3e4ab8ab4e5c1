// Reads and writes of a built-in kind against the real API server, and the typed errors it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace } from '@agent-operators/testing';
import {
  AlreadyExistsError,
  ConflictError,
  InvalidError,
  NoKindMatchError,
  NotFoundError,
} from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { adminClient, configMap, requestCount } from './helpers.ts';
import type { ConfigMap } from './helpers.ts';

let client: HttpKubeClient;
let ns: string;
const cmKind = { apiVersion: 'v1', kind: 'ConfigMap' };

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'client-crud');
});

afterAll(async () => {
  await deleteNamespace(client, ns);
  client.close();
});

describe('create / get / list', () => {
  it('creates and reads back an object', async () => {
    const created = await client.create(configMap(ns, 'one', { a: '1' }));
    expect(created.metadata.uid).toBeTruthy();
    expect(created.metadata.resourceVersion).toBeTruthy();
    const got = await client.get<ConfigMap>({ ...cmKind, namespace: ns, name: 'one' });
    expect(got.data).toEqual({ a: '1' });
    expect(got.metadata.uid).toBe(created.metadata.uid);
  });

  it('lists one page and fills apiVersion/kind on items', async () => {
    const list = await client.list<ConfigMap>({ ...cmKind, namespace: ns });
    expect(list.metadata.resourceVersion).toBeTruthy();
    const one = list.items.find((i) => i.metadata.name === 'one');
    expect(one).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: '1' } });
  });

  it('paginates: 7 objects, limit 3 -> 3 pages, listAll returns 7', async () => {
    for (let i = 0; i < 7; i++) await client.create(configMap(ns, `page-${i}`, {}, { set: 'pages' }));
    const sel = { labelSelector: 'set=pages' };
    const first = await client.list({ ...cmKind, namespace: ns }, { ...sel, limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.metadata.continue).toBeTruthy();
    const second = await client.list(
      { ...cmKind, namespace: ns },
      { ...sel, limit: 3, continue: first.metadata.continue },
    );
    expect(second.items).toHaveLength(3);

    const before = await requestCount({ method: 'GET', code: '200' });
    const all = await client.listAll<ConfigMap>({ ...cmKind, namespace: ns }, { ...sel, limit: 3 });
    const after = await requestCount({ method: 'GET', code: '200' });
    expect(all.items.map((i) => i.metadata.name).sort()).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((i) => `page-${i}`),
    );
    expect(all.resourceVersion).toBeTruthy();
    expect(after - before).toBe(3);
  });

  it('lists across all namespaces when namespace is omitted', async () => {
    const all = await client.listAll<ConfigMap>(cmKind, { labelSelector: 'set=pages' });
    expect(all.items).toHaveLength(7);
    expect(new Set(all.items.map((i) => i.metadata.namespace))).toEqual(new Set([ns]));
  });

  it('selects by field', async () => {
    const list = await client.list(cmKind, { fieldSelector: `metadata.name=one,metadata.namespace=${ns}` });
    expect(list.items.map((i) => i.metadata.name)).toEqual(['one']);
  });

  it('gets a subresource', async () => {
    const status = await client.get(
      { apiVersion: 'v1', kind: 'Namespace', name: ns },
      { subresource: 'status' },
    );
    expect(status.kind).toBe('Namespace');
    expect((status.status as { phase?: string }).phase).toBe('Active');
  });

  it('reads cluster-scoped kinds and other groups', async () => {
    const nsObj = await client.get({ apiVersion: 'v1', kind: 'Namespace', name: ns, namespace: 'ignored' });
    expect(nsObj.metadata.name).toBe(ns);
    const info = await client.resourceFor('apps/v1', 'Deployment');
    expect(info).toMatchObject({ group: 'apps', version: 'v1', resource: 'deployments', namespaced: true });
    expect(info.verbs).toContain('watch');
    const deps = await client.list({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns });
    expect(deps.items).toEqual([]);
  });
});

describe('patch / update', () => {
  it('applies a JSON patch, with a test op as precondition', async () => {
    const patched = await client.patch<ConfigMap>({ ...cmKind, namespace: ns, name: 'one' }, 'json', [
      { op: 'test', path: '/data/a', value: '1' },
      { op: 'add', path: '/data/b', value: '2' },
    ]);
    expect(patched.data).toEqual({ a: '1', b: '2' });
    const failed: unknown = await client
      .patch({ ...cmKind, namespace: ns, name: 'one' }, 'json', [
        { op: 'test', path: '/data/a', value: 'nope' },
      ])
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ statusCode: 422 });
  });

  it('applies merge and strategic merge patches', async () => {
    const merged = await client.patch<ConfigMap>({ ...cmKind, namespace: ns, name: 'one' }, 'merge', {
      data: { b: null, c: '3' },
    });
    expect(merged.data).toEqual({ a: '1', c: '3' });
    const strategic = await client.patch<ConfigMap>({ ...cmKind, namespace: ns, name: 'one' }, 'strategic', {
      metadata: { labels: { s: 'yes' } },
    });
    expect(strategic.metadata.labels).toEqual({ s: 'yes' });
    expect(strategic.data).toEqual({ a: '1', c: '3' });
  });

  it('updates with the current resourceVersion; a stale one is a ConflictError', async () => {
    const current = await client.get<ConfigMap>({ ...cmKind, namespace: ns, name: 'one' });
    const updated = await client.update<ConfigMap>({ ...current, data: { a: 'updated' } });
    expect(updated.data).toEqual({ a: 'updated' });
    const err: unknown = await client.update({ ...current, data: { a: 'stale' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ statusCode: 409, reason: 'Conflict' });
  });

  it('records the field manager of a write', async () => {
    const res = await client.patch(
      { ...cmKind, namespace: ns, name: 'one' },
      'merge',
      { data: { m: 'x' } },
      { fieldManager: 'client-test' },
    );
    const managers = (res.metadata.managedFields as { manager: string }[]).map((m) => m.manager);
    expect(managers).toContain('client-test');
  });
});

describe('dry run and delete', () => {
  it('dry-run create returns the object and leaves nothing behind', async () => {
    const res = await client.create(configMap(ns, 'dry', { x: '1' }), { dryRun: true });
    expect(res.metadata.name).toBe('dry');
    await expect(client.get({ ...cmKind, namespace: ns, name: 'dry' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('dry-run patch and delete change nothing', async () => {
    const patched = await client.patch<ConfigMap>(
      { ...cmKind, namespace: ns, name: 'one' },
      'merge',
      { data: { a: 'dry' } },
      { dryRun: true },
    );
    expect(patched.data?.a).toBe('dry');
    await client.delete({ ...cmKind, namespace: ns, name: 'one' }, { dryRun: true });
    const still = await client.get<ConfigMap>({ ...cmKind, namespace: ns, name: 'one' });
    expect(still.data?.a).toBe('updated');
  });

  it('delete honours preconditions, then deletes; NotFound afterwards', async () => {
    const obj = await client.get({ ...cmKind, namespace: ns, name: 'one' });
    const ref = { ...cmKind, namespace: ns, name: 'one' };
    await expect(client.delete(ref, { preconditions: { uid: 'not-the-uid' } })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await client.delete(ref, {
      preconditions: { uid: obj.metadata.uid, resourceVersion: obj.metadata.resourceVersion },
      propagationPolicy: 'Background',
      gracePeriodSeconds: 0,
    });
    await expect(client.get(ref)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.delete(ref)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('typed errors', () => {
  it('NotFound carries the Status details', async () => {
    const err: unknown = await client
      .get({ ...cmKind, namespace: ns, name: 'missing' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({
      statusCode: 404,
      reason: 'NotFound',
      details: { name: 'missing', kind: 'configmaps' },
    });
    expect(
      await requestCount({ code: '404', method: 'GET', host: new URL(client.server).host }),
    ).toBeGreaterThan(0);
  });

  it('AlreadyExists on a second create', async () => {
    await client.create(configMap(ns, 'twice'));
    await expect(client.create(configMap(ns, 'twice'))).rejects.toBeInstanceOf(AlreadyExistsError);
  });

  it('Invalid names the rejected field', async () => {
    const err: unknown = await client.create(configMap(ns, 'Not_Valid')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    const invalid = err as InvalidError;
    expect(invalid.statusCode).toBe(422);
    expect(invalid.causes.map((c) => c.field)).toContain('metadata.name');
    expect(invalid.causes[0]?.message).toBeTruthy();
  });

  it('an unknown kind is a NoKindMatchError, not an API error', async () => {
    await expect(
      client.get({ apiVersion: 'v1', kind: 'NoSuchKind', name: 'x', namespace: ns }),
    ).rejects.toBeInstanceOf(NoKindMatchError);
    await expect(client.list({ apiVersion: 'nothing.example.com/v1', kind: 'Thing' })).rejects.toThrow(
      'no resource for kind Thing in apiVersion nothing.example.com/v1',
    );
  });

  it('a namespaced single-object call without a namespace fails before any request', async () => {
    const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } };
    await expect(client.create(obj)).rejects.toThrow('ConfigMap is namespaced');
  });
});
