import { describe, expect, it } from 'vitest';
import {
  Discovery,
  discoveryPath,
  parseApiVersion,
  parseResourceList,
} from '../../../src/client/discovery.ts';
import { NoKindMatchError, isNoKindMatch } from '../../../src/client/errors.ts';

// An excerpt of a real /api/v1 document.
const coreV1 = {
  kind: 'APIResourceList',
  groupVersion: 'v1',
  resources: [
    { name: 'bindings', singularName: 'binding', namespaced: true, kind: 'Binding', verbs: ['create'] },
    {
      name: 'configmaps',
      singularName: 'configmap',
      namespaced: true,
      kind: 'ConfigMap',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['cm'],
    },
    {
      name: 'namespaces',
      singularName: 'namespace',
      namespaced: false,
      kind: 'Namespace',
      verbs: ['get', 'list'],
    },
    {
      name: 'namespaces/status',
      singularName: '',
      namespaced: false,
      kind: 'Namespace',
      verbs: ['get', 'patch'],
    },
    { name: 'pods/binding', singularName: '', namespaced: true, kind: 'Binding', verbs: ['create'] },
    {
      name: 'pods/eviction',
      singularName: '',
      namespaced: true,
      kind: 'Eviction',
      group: 'policy',
      version: 'v1',
      verbs: ['create'],
    },
  ],
};

function fakeServer(docs: Record<string, unknown>) {
  const calls: string[] = [];
  const fetch = async (path: string): Promise<unknown> => {
    calls.push(path);
    await Promise.resolve();
    return docs[path];
  };
  return { calls, fetch, docs };
}

describe('parsing', () => {
  it('splits apiVersion and builds discovery paths', () => {
    expect(parseApiVersion('v1')).toEqual({ group: '', version: 'v1' });
    expect(parseApiVersion('apps/v1')).toEqual({ group: 'apps', version: 'v1' });
    expect(discoveryPath('v1')).toBe('/api/v1');
    expect(discoveryPath('example.com/v1alpha1')).toBe('/apis/example.com/v1alpha1');
  });

  it('maps kinds to top-level resources and skips subresources', () => {
    const m = parseResourceList('v1', coreV1);
    expect(m.get('ConfigMap')).toEqual({
      group: '',
      version: 'v1',
      kind: 'ConfigMap',
      resource: 'configmaps',
      namespaced: true,
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    });
    expect(m.get('Namespace')?.resource).toBe('namespaces');
    expect(m.get('Namespace')?.namespaced).toBe(false);
    expect(m.get('Binding')?.resource).toBe('bindings');
    expect(m.has('Eviction')).toBe(false);
    expect(parseResourceList('v1', undefined).size).toBe(0);
  });
});

describe('Discovery', () => {
  it('fetches each group-version once', async () => {
    const s = fakeServer({ '/api/v1': coreV1 });
    const d = new Discovery(s.fetch);
    const [a, b] = await Promise.all([d.resourceFor('v1', 'ConfigMap'), d.resourceFor('v1', 'Namespace')]);
    await d.resourceFor('v1', 'ConfigMap');
    expect(a.resource).toBe('configmaps');
    expect(b.resource).toBe('namespaces');
    expect(s.calls).toEqual(['/api/v1']);
  });

  it('refreshes a group-version once when a kind is missing, then finds a kind added since', async () => {
    const s = fakeServer({ '/apis/example.com/v1': { resources: [] } });
    const d = new Discovery(s.fetch);
    await expect(d.resourceFor('example.com/v1', 'Widget')).rejects.toThrow(
      'no resource for kind Widget in apiVersion example.com/v1',
    );
    // The first lookup fetched a fresh document, so it did not refetch.
    expect(s.calls).toHaveLength(1);
    s.docs['/apis/example.com/v1'] = {
      resources: [{ name: 'widgets', namespaced: true, kind: 'Widget', verbs: ['get'] }],
    };
    const info = await d.resourceFor('example.com/v1', 'Widget');
    expect(info).toMatchObject({ group: 'example.com', version: 'v1', resource: 'widgets' });
    expect(s.calls).toHaveLength(2);
    // Cached from now on.
    await d.resourceFor('example.com/v1', 'Widget');
    expect(s.calls).toHaveLength(2);
  });

  it('throws NoKindMatchError after one refresh when the kind stays missing', async () => {
    const s = fakeServer({ '/api/v1': coreV1 });
    const d = new Discovery(s.fetch);
    await d.resourceFor('v1', 'ConfigMap');
    const err: unknown = await d.resourceFor('v1', 'Nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoKindMatchError);
    expect(isNoKindMatch(err)).toBe(true);
    expect(err).toMatchObject({ apiVersion: 'v1', kind: 'Nope' });
    expect(s.calls).toEqual(['/api/v1', '/api/v1']);
  });

  it('treats an unserved group-version (404) as having no kinds', async () => {
    const s = fakeServer({});
    const d = new Discovery(s.fetch);
    await expect(d.resourceFor('missing.io/v1', 'Thing')).rejects.toBeInstanceOf(NoKindMatchError);
    await expect(d.resourceFor('missing.io/v1', 'Thing')).rejects.toBeInstanceOf(NoKindMatchError);
    // First call: one fresh fetch. Second call: cached miss, one refresh.
    expect(s.calls).toEqual(['/apis/missing.io/v1', '/apis/missing.io/v1']);
  });

  it('shares one refresh between concurrent misses', async () => {
    const s = fakeServer({ '/api/v1': coreV1 });
    const d = new Discovery(s.fetch);
    await d.resourceFor('v1', 'ConfigMap');
    const results = await Promise.allSettled([
      d.resourceFor('v1', 'A'),
      d.resourceFor('v1', 'B'),
      d.resourceFor('v1', 'C'),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(s.calls).toHaveLength(2);
  });

  it('does not cache a failed fetch', async () => {
    let fail = true;
    const d = new Discovery(async () => {
      await Promise.resolve();
      if (fail) throw new Error('connection refused');
      return coreV1;
    });
    await expect(d.resourceFor('v1', 'ConfigMap')).rejects.toThrow('connection refused');
    fail = false;
    await expect(d.resourceFor('v1', 'ConfigMap')).resolves.toMatchObject({ resource: 'configmaps' });
  });

  it('invalidate drops the cache', async () => {
    const s = fakeServer({ '/api/v1': coreV1 });
    const d = new Discovery(s.fetch);
    await d.resourceFor('v1', 'ConfigMap');
    d.invalidate();
    await d.resourceFor('v1', 'ConfigMap');
    d.invalidate('v1');
    await d.resourceFor('v1', 'ConfigMap');
    expect(s.calls).toHaveLength(3);
    expect(d.fetchCount).toBe(3);
  });
});
