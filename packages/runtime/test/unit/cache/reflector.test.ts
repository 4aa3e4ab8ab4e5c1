// The list/watch loop as seen through a SharedInformer: what it asks the API for, and what
// handlers hear, for each kind of answer.
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src/cache/logger.ts';
import { SharedInformer } from '../../../src/cache/shared-informer.ts';
import type { InformerOptions } from '../../../src/cache/shared-informer.ts';
import { GoneError } from '../../../src/client/errors.ts';
import type { ListOptions, WatchOptions } from '../../../src/client/types.ts';
import { ManualClock, ScriptedClient, bookmark, configMap, ev, recorder, statusEvent } from './fakes.ts';

const key = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', labelSelector: 'app=x' };

function setup(opts: InformerOptions = {}) {
  const fake = new ScriptedClient();
  const clock = new ManualClock();
  const informer = new SharedInformer(fake.asClient(), key, {
    clock,
    random: () => 0,
    logger: silentLogger,
    ...opts,
  });
  const rec = recorder();
  informer.addHandler(rec.handler);
  return { fake, clock, informer, log: rec.log };
}

const watchRV = (fake: ScriptedClient): (string | undefined)[] =>
  fake.watchCalls().map((c) => (c.opts as WatchOptions).resourceVersion);

describe('reflector: list then watch', () => {
  it('lists in pages without a resourceVersion, then watches from the list resourceVersion with bookmarks', async () => {
    const { fake, informer, log } = setup({ random: () => 0.5 });
    fake.lists.push({ items: [configMap('a', '10'), configMap('b', '11')], resourceVersion: '12' });
    informer.start();
    await informer.waitForSync(1000);
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(1));

    const list = fake.listCalls()[0]!;
    expect(list.kind).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns' });
    expect(list.opts).toMatchObject({ limit: 500, labelSelector: 'app=x' });
    expect((list.opts as ListOptions).resourceVersion).toBeUndefined();

    const watch = fake.watchCalls()[0]!.opts as WatchOptions;
    expect(watch).toMatchObject({ resourceVersion: '12', allowWatchBookmarks: true, labelSelector: 'app=x' });
    expect(watch.timeoutSeconds).toBeGreaterThanOrEqual(300);
    expect(watch.timeoutSeconds).toBeLessThanOrEqual(600);
    expect(watch.signal).toBeInstanceOf(AbortSignal);

    expect(log).toEqual(['add ns/a initial', 'add ns/b initial']);
    expect(informer.hasSynced()).toBe(true);
    expect(informer.store.size).toBe(2);
    await informer.stop();
  });

  it('draws the watch timeout from 300..600 s', async () => {
    for (const [draw, expected] of [
      [0, 300],
      [0.999999, 600],
    ] as const) {
      const { fake, informer } = setup({ random: () => draw });
      fake.lists.push({ items: [], resourceVersion: '1' });
      informer.start();
      await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(1));
      expect((fake.watchCalls()[0]!.opts as WatchOptions).timeoutSeconds).toBe(expected);
      await informer.stop();
    }
  });

  it('turns watch events into adds, updates with the old object, and deletes', async () => {
    const { fake, informer, log } = setup();
    fake.lists.push({ items: [configMap('a', '1')], resourceVersion: '1' });
    fake.watches.push({
      events: [
        ev('ADDED', configMap('b', '2')),
        ev('MODIFIED', configMap('a', '3')),
        ev('DELETED', configMap('b', '4')),
        ev('ADDED', configMap('a', '5')), // a replayed ADDED for a known key is an update
      ],
    });
    informer.start();
    await vi.waitFor(() => expect(log).toHaveLength(5));
    expect(log).toEqual([
      'add ns/a initial',
      'add ns/b',
      'update ns/a 1->3',
      'delete ns/b',
      'update ns/a 3->5',
    ]);
    expect(informer.store.list().map((o) => o.metadata.resourceVersion)).toEqual(['5']);
    expect(informer.lastResourceVersion).toBe('5');
    await informer.stop();
  });
});

describe('reflector: resuming', () => {
  it('resumes every reconnect from the last event resourceVersion, without relisting', async () => {
    const { fake, informer, log } = setup();
    fake.lists.push({ items: [], resourceVersion: 'r1' });
    fake.watches.push({ events: [ev('ADDED', configMap('a', 'r2'))], end: 'close' });
    fake.watches.push({ events: [ev('ADDED', configMap('b', 'r3'))], end: new Error('ECONNRESET') });
    fake.watches.push({ events: [ev('MODIFIED', configMap('b', 'r4'))], end: 'close' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(4));
    expect(watchRV(fake)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(fake.listCalls()).toHaveLength(1);
    expect(informer.stats).toMatchObject({ lists: 1, watches: 4, expired: 0 });
    expect(log).toEqual(['add ns/a', 'add ns/b', 'update ns/b r3->r4']);
    await informer.stop();
  });

  it('advances the resourceVersion on bookmarks, without telling handlers', async () => {
    const { fake, informer, log } = setup();
    fake.lists.push({ items: [configMap('a', 'r1')], resourceVersion: 'r1' });
    fake.watches.push({ events: [bookmark('r7')], end: 'close' });
    fake.watches.push({ events: [bookmark('r9')], end: new Error('stream reset') });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(3));
    expect(watchRV(fake)).toEqual(['r1', 'r7', 'r9']);
    expect(log).toEqual(['add ns/a initial']);
    expect(informer.stats.lists).toBe(1);
    await informer.stop();
  });

  it('never compares resourceVersions: an opaque, "smaller" one is still taken as newer', async () => {
    const { fake, informer, log } = setup();
    fake.lists.push({ items: [configMap('a', '900')], resourceVersion: '900' });
    fake.watches.push({ events: [ev('MODIFIED', configMap('a', '12')), bookmark('abc')], end: 'close' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(2));
    expect(log).toEqual(['add ns/a initial', 'update ns/a 900->12']);
    expect(watchRV(fake)).toEqual(['900', 'abc']);
    await informer.stop();
  });

  it('backs off and retries a failing watch from the same resourceVersion, exposing lastError meanwhile', async () => {
    const { fake, clock, informer } = setup();
    fake.lists.push({ items: [], resourceVersion: 'r1' });
    fake.watches.push({ events: [], end: new Error('connect ECONNREFUSED') });
    fake.watches.push({ events: [], end: new Error('connect ECONNREFUSED') });
    fake.watches.push({ events: [statusEvent(500, 'InternalError', 'etcd hiccup')], end: 'hang' });
    fake.watches.push({ events: [], end: 'hang' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(4));
    expect(watchRV(fake)).toEqual(['r1', 'r1', 'r1', 'r1']);
    expect(clock.sleeps).toEqual([800, 1600, 3200]);
    expect(informer.lastError?.message).toMatch(/500 InternalError etcd hiccup/);
    expect(informer.stats).toMatchObject({ lists: 1, expired: 0, failures: 3 });
    await informer.stop();
  });

  it('clears lastError and resets the backoff once a watch delivers an event', async () => {
    const { fake, clock, informer } = setup();
    fake.lists.push({ items: [], resourceVersion: 'r1' });
    fake.watches.push({ events: [], end: new Error('down') });
    fake.watches.push({ events: [], end: new Error('down') });
    fake.watches.push({ events: [bookmark('r2')], end: new Error('down again') });
    fake.watches.push({ events: [bookmark('r3')], end: 'hang' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(4));
    expect(clock.sleeps).toEqual([800, 1600, 800]);
    await vi.waitFor(() => expect(informer.lastResourceVersion).toBe('r3'));
    expect(informer.lastError).toBeUndefined();
    await informer.stop();
  });

  it('clears lastError as soon as a watch is accepted, before any event arrives', async () => {
    const { fake, informer } = setup();
    fake.lists.push({ items: [], resourceVersion: 'r1' });
    fake.watches.push({ events: [], end: new Error('429 TooManyRequests') });
    fake.watches.push({ events: [], end: 'hang', opened: true });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(2));
    await vi.waitFor(() => expect(informer.lastError).toBeUndefined());
    expect(informer.stats).toMatchObject({ failures: 1 });
    await informer.stop();
  });

  it('treats a watch that closes at once without events as a failure (no hot loop)', async () => {
    const { fake, clock, informer } = setup();
    fake.lists.push({ items: [], resourceVersion: 'r1' });
    fake.watches.push({ events: [], end: 'close' });
    fake.watches.push({ events: [], end: 'close' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(3));
    expect(clock.sleeps).toEqual([800, 1600]);
    expect(informer.lastError?.message).toMatch(/closed immediately/);
    await informer.stop();
  });

  it('retries a failing initial list forever with backoff doubling to 30 s, and syncs when it succeeds', async () => {
    const { fake, clock, informer, log } = setup();
    for (let i = 0; i < 12; i++) fake.lists.push(new Error(`list failed ${i}`));
    fake.lists.push({ items: [configMap('a', '1')], resourceVersion: '1' });
    informer.start();
    await informer.waitForSync(10 * 60_000);
    expect(clock.sleeps).toEqual([
      800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000, 30000, 30000, 30000,
    ]);
    expect(fake.listCalls()).toHaveLength(13);
    expect(informer.lastError).toBeUndefined();
    expect(log).toEqual(['add ns/a initial']);
    await informer.stop();
  });

  it('keeps retrying even when the logger itself throws', async () => {
    const throwing = () => {
      throw new Error('logger broken');
    };
    const logger = { debug: throwing, info: throwing, warn: throwing, error: throwing };
    const { fake, informer } = setup({ logger });
    fake.lists.push(new Error('down'), new Error('down'), {
      items: [configMap('a', '1')],
      resourceVersion: '1',
    });
    informer.start();
    await informer.waitForSync(60_000);
    expect(fake.listCalls()).toHaveLength(3);
    await informer.stop();
  });

  it('exposes lastError while the list keeps failing', async () => {
    const { fake, clock, informer } = setup();
    clock.holdSleeps = true;
    fake.lists.push(new Error('forbidden: configmaps is forbidden'));
    informer.start();
    await vi.waitFor(() => expect(clock.sleeps).toHaveLength(1));
    expect(informer.hasSynced()).toBe(false);
    expect(informer.lastError?.message).toMatch(/forbidden/);
    await informer.stop();
  });
});

describe('reflector: expired resourceVersion', () => {
  const relistScenario = async (expiry: { events: ReturnType<typeof statusEvent>[]; end?: Error }) => {
    const { fake, clock, informer, log } = setup();
    fake.lists.push({
      items: [configMap('b', 'b1'), configMap('c', 'c1'), configMap('d', 'd1')],
      resourceVersion: 'r10',
    });
    fake.watches.push({ events: [bookmark('r11'), ...expiry.events], end: expiry.end ?? 'hang' });
    // After the expiry: A created, B updated, C deleted, D untouched.
    fake.lists.push({
      items: [configMap('a', 'a1'), configMap('b', 'b2'), configMap('d', 'd1')],
      resourceVersion: 'r20',
    });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(2));
    expect(fake.listCalls()).toHaveLength(2);
    expect((fake.listCalls()[1]!.opts as ListOptions).resourceVersion).toBeUndefined();
    expect(watchRV(fake)).toEqual(['r10', 'r20']);
    expect(log.slice(3)).toEqual(['add ns/a', 'update ns/b b1->b2', 'delete ns/c unknown']);
    expect(informer.store.keys().sort()).toEqual(['ns/a', 'ns/b', 'ns/d']);
    expect(informer.stats).toMatchObject({ lists: 2, expired: 1 });
    // The first expiry relists at once, with no backoff.
    expect(clock.sleeps).toEqual([]);
    await informer.stop();
  };

  it('relists on an ERROR event with code 410 and emits the differences', () =>
    relistScenario({ events: [statusEvent(410, 'Expired', 'too old resource version: 10 (15)')] }));

  it('relists on an ERROR event saying "too large resource version"', () =>
    relistScenario({
      events: [statusEvent(504, 'Timeout', 'Too large resource version: 99, current: 20')],
    }));

  it('relists when the watch request itself fails with HTTP 410 Gone', () =>
    relistScenario({
      events: [],
      end: new GoneError({ statusCode: 410, reason: 'Expired', message: 'too old resource version' }),
    }));

  it('backs off when expiries repeat with nothing received in between', async () => {
    const { fake, clock, informer } = setup();
    const gone = (): ReturnType<typeof statusEvent> => statusEvent(410, 'Expired', 'too old');
    fake.lists.push({ items: [], resourceVersion: 'r1' });
    fake.watches.push({ events: [gone()] });
    fake.lists.push({ items: [], resourceVersion: 'r2' });
    fake.watches.push({ events: [gone()] });
    fake.lists.push({ items: [], resourceVersion: 'r3' });
    fake.watches.push({ events: [gone()] });
    fake.lists.push({ items: [], resourceVersion: 'r4' });
    informer.start();
    await vi.waitFor(() => expect(fake.watchCalls()).toHaveLength(4));
    expect(clock.sleeps).toEqual([800, 1600]);
    expect(watchRV(fake)).toEqual(['r1', 'r2', 'r3', 'r4']);
    await informer.stop();
  });
});
