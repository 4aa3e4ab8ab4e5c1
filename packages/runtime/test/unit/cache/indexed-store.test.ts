import { describe, expect, it, vi } from 'vitest';
import { IndexedStore } from '../../../src/cache/indexed-store.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { configMap } from './fakes.ts';

function owned(name: string, ns: string, owners: { uid: string; controller?: boolean }[]): KubeObject {
  return configMap(name, '1', {
    namespace: ns,
    metadata: {
      ownerReferences: owners.map((o) => ({ apiVersion: 'v1', kind: 'Owner', name: o.uid, ...o })),
    },
  });
}

const names = (objs: KubeObject[]): string[] => objs.map((o) => o.metadata.name ?? '').sort();

describe('IndexedStore', () => {
  it('keys objects by namespace/name, and cluster-scoped ones by name', () => {
    const store = new IndexedStore();
    store.upsert(configMap('a', '1', { namespace: 'x' }));
    store.upsert({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x', resourceVersion: '2' } });
    expect(store.size).toBe(2);
    expect(store.get('x/a')?.metadata.name).toBe('a');
    expect(store.get('x')?.kind).toBe('Namespace');
    expect(store.get('a')).toBeUndefined();
    expect(store.keys().sort()).toEqual(['x', 'x/a']);
  });

  it('returns the replaced and the deleted object', () => {
    const store = new IndexedStore();
    expect(store.upsert(configMap('a', '1'))).toBeUndefined();
    expect(store.upsert(configMap('a', '2'))?.metadata.resourceVersion).toBe('1');
    expect(store.delete('ns/a')?.metadata.resourceVersion).toBe('2');
    expect(store.delete('ns/a')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('indexes by namespace', () => {
    const store = new IndexedStore();
    store.upsert(configMap('a', '1', { namespace: 'x' }));
    store.upsert(configMap('b', '1', { namespace: 'x' }));
    store.upsert(configMap('c', '1', { namespace: 'y' }));
    expect(names(store.byIndex('namespace', 'x'))).toEqual(['a', 'b']);
    expect(names(store.byIndex('namespace', 'y'))).toEqual(['c']);
    expect(store.byIndex('namespace', 'z')).toEqual([]);
    store.delete('x/a');
    expect(names(store.byIndex('namespace', 'x'))).toEqual(['b']);
  });

  it('indexes by the controller owner UID only, ignoring non-controller owners', () => {
    const store = new IndexedStore();
    store.upsert(owned('a', 'x', [{ uid: 'u1', controller: true }]));
    store.upsert(owned('b', 'x', [{ uid: 'u2' }, { uid: 'u1', controller: true }]));
    store.upsert(owned('c', 'y', [{ uid: 'u2', controller: false }]));
    expect(names(store.byIndex('controllerUID', 'u1'))).toEqual(['a', 'b']);
    expect(store.byIndex('controllerUID', 'u2')).toEqual([]);
  });

  it('moves an object between index values when it changes', () => {
    const store = new IndexedStore();
    store.upsert(owned('a', 'x', [{ uid: 'u1', controller: true }]));
    store.upsert(owned('a', 'x', [{ uid: 'u9', controller: true }]));
    expect(store.byIndex('controllerUID', 'u1')).toEqual([]);
    expect(names(store.byIndex('controllerUID', 'u9'))).toEqual(['a']);
  });

  it('supports custom multi-valued indexes, built over objects already stored', () => {
    const store = new IndexedStore();
    store.upsert(configMap('a', '1', { data: { secretRefs: 's1,s2' } }));
    store.upsert(configMap('b', '1', { data: { secretRefs: 's2' } }));
    store.addIndex('secret', (o) =>
      ((o.data as Record<string, string>).secretRefs ?? '').split(',').filter(Boolean),
    );
    store.upsert(configMap('c', '1', { data: { secretRefs: 's1' } }));
    expect(names(store.byIndex('secret', 's1'))).toEqual(['a', 'c']);
    expect(names(store.byIndex('secret', 's2'))).toEqual(['a', 'b']);
    store.upsert(configMap('a', '2', { data: { secretRefs: '' } }));
    expect(names(store.byIndex('secret', 's1'))).toEqual(['c']);
  });

  it('rejects unknown and duplicate index names', () => {
    const store = new IndexedStore();
    expect(() => store.byIndex('nope', 'x')).toThrow(/no index named "nope"/);
    expect(() => store.addIndex('namespace', () => [])).toThrow(/already exists/);
  });

  it('reports a throwing index function and keeps the object out of that index only', () => {
    const onIndexError = vi.fn();
    const store = new IndexedStore(onIndexError);
    store.addIndex('boom', () => {
      throw new Error('bad index');
    });
    store.upsert(configMap('a', '1'));
    expect(store.get('ns/a')).toBeDefined();
    expect(store.byIndex('namespace', 'ns')).toHaveLength(1);
    expect(store.byIndex('boom', 'x')).toEqual([]);
    expect(onIndexError).toHaveBeenCalledWith('boom', expect.any(Error));
  });
});
