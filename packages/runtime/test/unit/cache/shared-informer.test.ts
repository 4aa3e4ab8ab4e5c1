// The informer around the reflector: handlers, replay, stripping, resync, sync waiting, stopping.
import { describe, expect, it, vi } from 'vitest';
import type { CacheLogger } from '../../../src/cache/logger.ts';
import { silentLogger } from '../../../src/cache/logger.ts';
import { SharedInformer } from '../../../src/cache/shared-informer.ts';
import type { InformerOptions } from '../../../src/cache/shared-informer.ts';
import type { KubeObject, WatchOptions } from '../../../src/client/types.ts';
import { ManualClock, ScriptedClient, configMap, ev, recorder } from './fakes.ts';

const key = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns' };

function setup(opts: InformerOptions = {}) {
  const fake = new ScriptedClient();
  const clock = new ManualClock();
  const informer = new SharedInformer(fake.asClient(), key, {
    clock,
    random: () => 0,
    logger: silentLogger,
    ...opts,
  });
  return { fake, clock, informer };
}

const withManagedFields = (name: string, rv: string): KubeObject =>
  configMap(name, rv, { metadata: { managedFields: [{ manager: 'kubectl', operation: 'Apply' }] } });

describe('SharedInformer handlers', () => {
  it('replays current objects as initial adds to a handler added after sync', async () => {
    const { fake, informer } = setup();
    fake.lists.push({ items: [configMap('a', '1'), configMap('b', '2')], resourceVersion: '2' });
    fake.watches.push({ events: [ev('ADDED', configMap('c', '3'))] });
    informer.start();
    await vi.waitFor(() => expect(informer.store.size).toBe(3));
    const late = recorder();
    informer.addHandler(late.handler);
    expect(late.log.sort()).toEqual(['add ns/a initial', 'add ns/b initial', 'add ns/c initial']);
    await informer.stop();
  });

  it('stops delivering to a handler once unsubscribed', async () => {
    const { fake, clock, informer } = setup({ resyncPeriodMs: 1000 });
    const rec = recorder();
    const stays = recorder();
    const unsubscribe = informer.addHandler(rec.handler);
    informer.addHandler(stays.handler);
    fake.lists.push({ items: [configMap('a', '1')], resourceVersion: '1' });
    informer.start();
    await informer.waitForSync(1000);
    unsubscribe();
    clock.advance(1000);
    expect(rec.log).toEqual(['add ns/a initial']);
    expect(stays.log).toEqual(['add ns/a initial', 'update ns/a 1->1']);
    await informer.stop();
  });

  it('keeps delivering to other handlers, and keeps watching, when one handler throws', async () => {
    const errors: string[] = [];
    const logger: CacheLogger = { ...silentLogger, error: (_f, msg) => errors.push(msg) };
    const { fake, informer } = setup({ logger });
    informer.addHandler({
      onAdd: () => {
        throw new Error('handler bug');
      },
    });
    const rec = recorder();
    informer.addHandler(rec.handler);
    fake.lists.push({ items: [configMap('a', '1')], resourceVersion: '1' });
    fake.watches.push({ events: [ev('ADDED', configMap('b', '2'))] });
    informer.start();
    await vi.waitFor(() => expect(rec.log).toEqual(['add ns/a initial', 'add ns/b']));
    expect(errors).toEqual(['event handler threw', 'event handler threw']);
    expect(informer.stats.failures).toBe(0);
    await informer.stop();
  });

  it('gives deletes the final state from the watch event', async () => {
    const { fake, informer } = setup();
    const deleted: KubeObject[] = [];
    informer.addHandler({ onDelete: (o, unknown) => (unknown ? undefined : deleted.push(o)) });
    fake.lists.push({ items: [configMap('a', '1')], resourceVersion: '1' });
    fake.watches.push({ events: [ev('DELETED', configMap('a', '2', { data: { final: 'yes' } }))] });
    informer.start();
    await vi.waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]!.data).toEqual({ final: 'yes' });
    expect(informer.store.size).toBe(0);
    await informer.stop();
  });
});

describe('SharedInformer object preparation', () => {
  it('strips managedFields by default, from lists and watch events', async () => {
    const { fake, informer } = setup();
    fake.lists.push({ items: [withManagedFields('a', '1')], resourceVersion: '1' });
    fake.watches.push({ events: [ev('ADDED', withManagedFields('b', '2'))] });
    informer.start();
    await vi.waitFor(() => expect(informer.store.size).toBe(2));
    for (const obj of informer.store.list()) {
      expect(obj.metadata).not.toHaveProperty('managedFields');
      expect(obj.metadata.uid).toBeDefined();
    }
    await informer.stop();
  });

  it('keeps managedFields when asked to', async () => {
    const { fake, informer } = setup({ stripManagedFields: false });
    fake.lists.push({ items: [withManagedFields('a', '1')], resourceVersion: '1' });
    informer.start();
    await informer.waitForSync(1000);
    expect(informer.store.get('ns/a')?.metadata.managedFields).toEqual([
      { manager: 'kubectl', operation: 'Apply' },
    ]);
    await informer.stop();
  });

  it('fills in apiVersion and kind, which LIST items of built-in kinds lack', async () => {
    const { fake, informer } = setup();
    const bare = configMap('a', '1') as Partial<KubeObject>;
    delete bare.apiVersion;
    delete bare.kind;
    fake.lists.push({ items: [bare as KubeObject], resourceVersion: '1' });
    informer.start();
    await informer.waitForSync(1000);
    expect(informer.store.get('ns/a')).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
    await informer.stop();
  });
});

describe('SharedInformer resync', () => {
  it('replays every cached object as an update (old === new) each period, without calling the API', async () => {
    const { fake, clock, informer } = setup({ resyncPeriodMs: 30_000 });
    const rec = recorder();
    informer.addHandler(rec.handler);
    fake.lists.push({ items: [configMap('a', '1'), configMap('b', '2')], resourceVersion: '2' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(1));
    const callsBefore = fake.calls.length;
    rec.log.length = 0;
    clock.advance(29_999);
    expect(rec.log).toEqual([]);
    clock.advance(1);
    expect(rec.log).toEqual(['update ns/a 1->1', 'update ns/b 2->2']);
    clock.advance(30_000);
    expect(rec.log).toHaveLength(4);
    expect(fake.calls.length).toBe(callsBefore);
    await informer.stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not resync before the first list', async () => {
    const { clock, informer } = setup({ resyncPeriodMs: 1000 });
    const rec = recorder();
    informer.addHandler(rec.handler);
    informer.start();
    clock.advance(5000);
    expect(rec.log).toEqual([]);
    await informer.stop();
  });
});

describe('SharedInformer sync and stop', () => {
  it('rejects waitForSync on timeout, naming the last error', async () => {
    const { fake, clock, informer } = setup();
    clock.holdSleeps = true;
    fake.lists.push(new Error('connection refused'));
    informer.start();
    const waiting = informer.waitForSync(5000);
    await vi.waitFor(() => expect(clock.sleeps).toHaveLength(1));
    clock.advance(5000);
    await expect(waiting).rejects.toThrow(/not synced within 5000 ms; last error: connection refused/);
    await informer.stop();
  });

  it('rejects pending waitForSync calls on stop, and stop ends a backoff sleep at once', async () => {
    const { fake, clock, informer } = setup();
    clock.holdSleeps = true;
    fake.lists.push(new Error('down'));
    informer.start();
    const waiting = informer.waitForSync(60_000);
    await vi.waitFor(() => expect(clock.sleeps).toHaveLength(1));
    await informer.stop();
    await expect(waiting).rejects.toThrow(/stopped before it synced/);
    await expect(informer.waitForSync(1)).rejects.toThrow(/is stopped/);
    expect(clock.pendingTimers).toBe(0);
  });

  it('aborts the open watch on stop, and cannot be started again', async () => {
    const { fake, informer } = setup();
    fake.lists.push({ items: [], resourceVersion: '1' });
    informer.start();
    informer.start(); // idempotent
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(1));
    const signal = (fake.watchCalls()[0]!.opts as WatchOptions).signal!;
    expect(signal.aborted).toBe(false);
    await informer.stop();
    expect(signal.aborted).toBe(true);
    expect(fake.calls).toHaveLength(2);
    expect(() => informer.start()).toThrow(/stopped/);
  });

  it('supports custom indexes added before start', async () => {
    const { fake, informer } = setup();
    informer.addIndex('byApp', (o) => [o.metadata.labels?.app ?? '']);
    fake.lists.push({
      items: [configMap('a', '1', { metadata: { labels: { app: 'x' } } }), configMap('b', '1')],
      resourceVersion: '1',
    });
    informer.start();
    await informer.waitForSync(1000);
    expect(informer.store.byIndex('byApp', 'x').map((o) => o.metadata.name)).toEqual(['a']);
    expect(informer.store.byIndex('namespace', 'ns')).toHaveLength(2);
    await informer.stop();
  });
});
