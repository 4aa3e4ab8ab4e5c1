// A custom kind end to end: install its CRD with the client, discovery picks it up on a miss,
// server-side apply with field managers, the /status subresource, schema validation, watch.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually } from '@agent-operators/testing';
import {
  ConflictError,
  InvalidError,
  KubeApiError,
  NoKindMatchError,
  NotFoundError,
} from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { adminClient } from './helpers.ts';

interface Widget extends KubeObject {
  spec?: { size?: number; color?: string };
  status?: { ready?: boolean; observed?: number };
}

const group = `w${randomBytes(3).toString('hex')}.client.agent-operators.dev`;
const apiVersion = `${group}/v1`;
const kind = 'Widget';
const crdName = `widgets.${group}`;
const crdRef = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: crdName };

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: crdName },
  spec: {
    group,
    names: { plural: 'widgets', singular: 'widget', kind, listKind: 'WidgetList' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: { size: { type: 'integer', minimum: 0 }, color: { type: 'string' } },
              },
              status: {
                type: 'object',
                properties: { ready: { type: 'boolean' }, observed: { type: 'integer' } },
              },
            },
          },
        },
      },
    ],
  },
};

let client: HttpKubeClient;
let ns: string;

function widget(name: string, spec: Widget['spec'], status?: Widget['status']): Widget {
  const w: Widget = { apiVersion, kind, metadata: { name, namespace: ns } };
  if (spec) w.spec = spec;
  if (status) w.status = status;
  return w;
}

const ref = (name: string) => ({ apiVersion, kind, namespace: ns, name });

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'client-crd');
});

afterAll(async () => {
  await client.delete(crdRef).catch(() => undefined);
  await deleteNamespace(client, ns);
  client.close();
});

describe('custom resources', () => {
  it('installs a CRD; discovery finds the kind on a miss without an explicit invalidation', async () => {
    // Caches "group-version not served".
    await expect(client.resourceFor(apiVersion, kind)).rejects.toBeInstanceOf(NoKindMatchError);
    await client.create(crd);
    await eventually(
      'CRD Established',
      async () => {
        const got = await client.get(crdRef);
        const conds = (got.status as { conditions?: { type: string; status: string }[] } | undefined)
          ?.conditions;
        return conds?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
      },
      { timeoutMs: 30_000 },
    );
    const fetchesBefore = client.discovery.fetchCount;
    // Discovery may trail Established by a moment: each miss refreshes the group-version once.
    const info = await eventually('discovery of Widget', () => client.resourceFor(apiVersion, kind), {
      timeoutMs: 10_000,
    });
    expect(info).toEqual({
      group,
      version: 'v1',
      kind,
      resource: 'widgets',
      namespaced: true,
      verbs: expect.arrayContaining([
        'get',
        'list',
        'watch',
        'patch',
        'create',
        'update',
        'delete',
      ]) as string[],
    });
    expect(client.discovery.fetchCount).toBeGreaterThan(fetchesBefore);
    // Now cached: no more discovery requests.
    const cached = client.discovery.fetchCount;
    await client.resourceFor(apiVersion, kind);
    expect(client.discovery.fetchCount).toBe(cached);
    client.invalidateDiscovery();
    await client.resourceFor(apiVersion, kind);
    expect(client.discovery.fetchCount).toBe(cached + 1);
  });

  it('server-side apply: idempotent for one manager, conflicts for another, force transfers ownership', async () => {
    const first = await client.apply(widget('w1', { size: 1, color: 'red' }), { fieldManager: 'alpha' });
    expect(first.spec).toEqual({ size: 1, color: 'red' });
    const again = await client.apply(widget('w1', { size: 1, color: 'red' }), { fieldManager: 'alpha' });
    expect(again.metadata.resourceVersion).toBe(first.metadata.resourceVersion);

    const err: unknown = await client
      .apply(widget('w1', { size: 2 }), { fieldManager: 'beta' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    const conflict = err as ConflictError;
    expect(conflict.statusCode).toBe(409);
    expect(conflict.causes).toEqual([
      expect.objectContaining({ reason: 'FieldManagerConflict', field: '.spec.size' }),
    ]);
    expect(conflict.message).toContain('alpha');

    const forced = await client.apply(widget('w1', { size: 2 }), { fieldManager: 'beta', force: true });
    expect(forced.spec).toEqual({ size: 2, color: 'red' });
    const owners = (forced.metadata.managedFields as { manager: string; fieldsV1: unknown }[]).map((m) => ({
      manager: m.manager,
      fields: JSON.stringify(m.fieldsV1),
    }));
    expect(owners.find((o) => o.manager === 'beta')?.fields).toContain('f:size');
    expect(owners.find((o) => o.manager === 'alpha')?.fields).not.toContain('f:size');
  });

  it('apply refuses to run without a field manager', async () => {
    await expect(client.apply(widget('w1', { size: 3 }), { fieldManager: '' })).rejects.toThrow(
      'fieldManager',
    );
  });

  it('dry-run apply changes nothing', async () => {
    const dry = await client.apply(widget('w1', { size: 9 }), { fieldManager: 'beta', dryRun: true });
    expect(dry.spec?.size).toBe(9);
    expect((await client.get<Widget>(ref('w1'))).spec?.size).toBe(2);
  });

  it('writes status only through /status', async () => {
    const before = await client.get<Widget>(ref('w1'));
    // Apply to /status with its own manager.
    const applied = await client.apply(widget('w1', undefined, { ready: true }), {
      fieldManager: 'alpha-status',
      subresource: 'status',
    });
    expect(applied.status).toEqual({ ready: true });
    // An update of /status ignores spec changes; an update of the main resource ignores status.
    const current = await client.get<Widget>(ref('w1'));
    const viaStatus = await client.update<Widget>(
      { ...current, spec: { size: 100 }, status: { ready: true, observed: 1 } },
      { subresource: 'status' },
    );
    expect(viaStatus.status).toEqual({ ready: true, observed: 1 });
    expect(viaStatus.spec?.size).toBe(2);
    const viaMain = await client.update<Widget>({ ...viaStatus, status: { ready: false } });
    expect(viaMain.status).toEqual({ ready: true, observed: 1 });
    expect(viaMain.metadata.generation).toBe(before.metadata.generation);
    // Merge patch on /status.
    const patched = await client.patch<Widget>(
      ref('w1'),
      'merge',
      { status: { observed: 2 } },
      { subresource: 'status' },
    );
    expect(patched.status?.observed).toBe(2);
    const status = await client.get<Widget>(ref('w1'), { subresource: 'status' });
    expect(status.status).toEqual({ ready: true, observed: 2 });
  });

  it('a schema violation is Invalid with the field in its causes', async () => {
    const err: unknown = await client.create(widget('bad', { size: -1 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    expect((err as InvalidError).causes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'spec.size' })]),
    );
  });

  it('JSON and merge patches work on custom resources; strategic merge is refused (415)', async () => {
    const j = await client.patch<Widget>(
      ref('w1'),
      'json',
      [{ op: 'replace', path: '/spec/color', value: 'blue' }],
      {
        fieldManager: 'patcher',
      },
    );
    expect(j.spec?.color).toBe('blue');
    const err: unknown = await client
      .patch(ref('w1'), 'strategic', { spec: { color: 'green' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KubeApiError);
    expect((err as KubeApiError).statusCode).toBe(415);
  });

  it('watches a custom kind', async () => {
    const { metadata } = await client.list<Widget>({ apiVersion, kind, namespace: ns });
    const seen: string[] = [];
    const consumer = (async () => {
      for await (const evt of client.watch<Widget>(
        { apiVersion, kind, namespace: ns },
        { resourceVersion: metadata.resourceVersion },
      )) {
        seen.push(`${evt.type} ${evt.object.metadata.name} ${evt.object.spec?.size ?? ''}`);
        if (evt.type === 'DELETED') break;
      }
    })();
    await client.create(widget('w2', { size: 5 }));
    await client.patch(ref('w2'), 'merge', { spec: { size: 6 } });
    await client.delete(ref('w2'));
    await consumer;
    expect(seen).toEqual(['ADDED w2 5', 'MODIFIED w2 6', 'DELETED w2 6']);
    await expect(client.get(ref('w2'))).rejects.toBeInstanceOf(NotFoundError);
  });
});
