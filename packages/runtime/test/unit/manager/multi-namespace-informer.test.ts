import { describe, expect, it } from 'vitest';
import type { EventHandler } from '../../../src/cache/types.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { MultiNamespaceInformer } from '../../../src/manager/multi-namespace-informer.ts';
import { FakeInformer, obj } from '../controller/fake-informer.ts';

function setup() {
  const a = new FakeInformer({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a' });
  const b = new FakeInformer({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'b' });
  const view = new MultiNamespaceInformer(
    { apiVersion: 'v1', kind: 'ConfigMap' },
    new Map([
      ['a', a],
      ['b', b],
    ]),
  );
  return { a, b, view };
}

describe('MultiNamespaceInformer', () => {
  it('merges stores and routes gets by namespace', () => {
    const { a, b, view } = setup();
    a.sync([obj('v1', 'ConfigMap', 'a', 'x')]);
    b.sync([obj('v1', 'ConfigMap', 'b', 'x'), obj('v1', 'ConfigMap', 'b', 'y')]);
    expect(view.store.size).toBe(3);
    expect(view.store.get('a/x')?.metadata.namespace).toBe('a');
    expect(view.store.get('b/y')?.metadata.name).toBe('y');
    expect(view.store.get('c/x')).toBeUndefined();
    expect(view.store.get('x')).toBeUndefined();
    expect(
      view.store
        .list()
        .map((o) => `${o.metadata.namespace}/${o.metadata.name}`)
        .sort(),
    ).toEqual(['a/x', 'b/x', 'b/y']);
  });

  it('is synced only when every namespace is, and reports the first error', async () => {
    const { a, b, view } = setup();
    const waiting = view.waitForSync(1000);
    a.sync();
    expect(view.hasSynced()).toBe(false);
    b.sync();
    await waiting;
    expect(view.hasSynced()).toBe(true);
    expect(view.lastError).toBeUndefined();
    b.lastError = new Error('forbidden');
    expect(view.lastError?.message).toBe('forbidden');
  });

  it('delivers events from every namespace to one handler and unsubscribes from all', () => {
    const { a, b, view } = setup();
    a.sync();
    b.sync();
    const seen: string[] = [];
    const handler: EventHandler<KubeObject> = { onAdd: (o) => void seen.push(o.metadata.namespace!) };
    const off = view.addHandler(handler);
    a.add(obj('v1', 'ConfigMap', 'a', 'p'));
    b.add(obj('v1', 'ConfigMap', 'b', 'q'));
    off();
    a.add(obj('v1', 'ConfigMap', 'a', 'r'));
    expect(seen).toEqual(['a', 'b']);
  });

  it('rejects a duplicate index name', () => {
    const { view } = setup();
    view.addIndex('byLabel', () => []);
    expect(() => view.addIndex('byLabel', () => [])).toThrow(/already exists/);
  });
});
