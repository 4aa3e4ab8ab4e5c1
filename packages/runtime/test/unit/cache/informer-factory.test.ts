import { describe, expect, it, vi } from 'vitest';
import { SharedInformerFactory, informerKeyId } from '../../../src/cache/informer-factory.ts';
import { silentLogger } from '../../../src/cache/logger.ts';
import { ManualClock, ScriptedClient } from './fakes.ts';

function setup() {
  const fake = new ScriptedClient();
  const factory = new SharedInformerFactory(fake.asClient(), {
    clock: new ManualClock(),
    logger: silentLogger,
  });
  return { fake, factory };
}

describe('SharedInformerFactory', () => {
  it('hands out one informer per key', () => {
    const { factory } = setup();
    const a = factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns' });
    const b = factory.informerFor({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'ns',
      labelSelector: '',
    });
    const c = factory.informerFor({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'ns',
      labelSelector: 'a=b',
    });
    const d = factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' });
    const e = factory.informerFor({ apiVersion: 'v1', kind: 'Secret', namespace: 'ns' });
    expect(a).toBe(b);
    expect(new Set([a, c, d, e]).size).toBe(4);
    expect(factory.informers()).toHaveLength(4);
  });

  it('keys distinguish every part', () => {
    const base = { apiVersion: 'v1', kind: 'ConfigMap' };
    const ids = [
      base,
      { ...base, apiVersion: 'v2' },
      { ...base, namespace: 'x' },
      { ...base, labelSelector: 'x' },
      { ...base, fieldSelector: 'x' },
    ].map(informerKeyId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts its informers, and ones asked for later at once; syncs; stops all', async () => {
    const { fake, factory } = setup();
    fake.lists.push({ items: [], resourceVersion: '1' }, { items: [], resourceVersion: '2' });
    const first = factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' });
    expect(factory.allSynced()).toBe(false);
    factory.start();
    const second = factory.informerFor({ apiVersion: 'v1', kind: 'Secret' });
    await factory.waitForSync(1000);
    expect(first.hasSynced() && second.hasSynced()).toBe(true);
    expect(factory.allSynced()).toBe(true);
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(2));
    await factory.stop();
    expect(() => factory.informerFor({ apiVersion: 'v1', kind: 'Pod' })).toThrow(/stopped/);
  });
});
