import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/queue/fake-clock.ts';
import type { QueueMetrics, QueueProbe } from '../../../src/queue/metrics-types.ts';
import { WorkQueue } from '../../../src/queue/work-queue.ts';

function newQueue(): { q: WorkQueue; clock: FakeClock } {
  const clock = new FakeClock();
  return { q: new WorkQueue({ clock }), clock };
}

function drainReady(q: WorkQueue): string[] {
  const out: string[] = [];
  for (let k = q.tryGet(); k !== undefined; k = q.tryGet()) out.push(k);
  return out;
}

describe('WorkQueue', () => {
  it('de-duplicates keys waiting in the queue and keeps FIFO order', () => {
    const { q } = newQueue();
    q.add('a');
    q.add('b');
    q.add('a');
    expect(q.len()).toBe(2);
    expect(drainReady(q)).toEqual(['a', 'b']);
  });

  it('marks a key added during processing dirty and hands it out again only after done', () => {
    const { q } = newQueue();
    q.add('a');
    expect(q.tryGet()).toBe('a');
    q.add('a');
    q.add('a');
    expect(q.tryGet()).toBeUndefined();
    q.done('a');
    expect(q.tryGet()).toBe('a');
    q.done('a');
    expect(q.tryGet()).toBeUndefined();
  });

  it('hands live (normal) keys out before initial-list/resync (low) keys and raises priority on re-add', () => {
    const { q } = newQueue();
    q.add('low1', { priority: 'low' });
    q.add('low2', { priority: 'low' });
    q.add('live');
    q.add('low2');
    expect(drainReady(q)).toEqual(['live', 'low2', 'low1']);
  });

  it('keeps a low-priority add from lowering a pending normal key', () => {
    const { q } = newQueue();
    q.add('x', { priority: 'low' });
    q.add('a');
    q.add('a', { priority: 'low' });
    expect(drainReady(q)).toEqual(['a', 'x']);
  });

  it('addAfter releases the key at its due time and keeps the earliest due time', () => {
    const { q, clock } = newQueue();
    q.addAfter('a', 100);
    q.addAfter('a', 50);
    q.addAfter('a', 200);
    clock.advance(49);
    expect(q.tryGet()).toBeUndefined();
    clock.advance(1);
    expect(q.tryGet()).toBe('a');
    q.done('a');
    clock.advance(1000);
    expect(q.tryGet()).toBeUndefined();
    expect(q.waitingCount()).toBe(0);
  });

  it('addAfter with a non-positive delay adds immediately', () => {
    const { q } = newQueue();
    q.addAfter('a', 0);
    q.addAfter('b', -5);
    expect(drainReady(q)).toEqual(['a', 'b']);
  });

  it('backs off exponentially per key (5 ms x 2^failures) until forget', () => {
    const { q, clock } = newQueue();
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const start = clock.now();
      q.addRateLimited('a');
      while (q.tryGet() === undefined) clock.advance(1);
      delays.push(clock.now() - start);
      q.done('a');
    }
    expect(delays).toEqual([5, 10, 20, 40]);
    expect(q.numRequeues('a')).toBe(4);
    expect(q.numRequeues('b')).toBe(0);
    q.forget('a');
    expect(q.numRequeues('a')).toBe(0);
  });

  it('caps the backoff at 1000 s', () => {
    const { q, clock } = newQueue();
    for (let i = 0; i < 40; i++) q.addRateLimited('a');
    expect(q.numRequeues('a')).toBe(40);
    // All those adds merged into the earliest (5 ms); the next one alone would be capped.
    clock.advance(5);
    expect(q.tryGet()).toBe('a');
    q.done('a');
    q.addRateLimited('a');
    clock.advance(999_999);
    expect(q.tryGet()).toBeUndefined();
    clock.advance(1);
    expect(q.tryGet()).toBe('a');
  });

  it('get waits for work and resolves undefined on shutdown', async () => {
    const { q } = newQueue();
    const first = q.get();
    const second = q.get();
    q.add('a');
    await expect(first).resolves.toBe('a');
    q.shutDown();
    await expect(second).resolves.toBeUndefined();
    await expect(q.get()).resolves.toBeUndefined();
  });

  it('ignores adds after shutdown and drops queued and delayed keys', () => {
    const { q, clock } = newQueue();
    q.add('a');
    q.addAfter('b', 10);
    q.shutDown();
    q.add('c');
    q.addAfter('d', 1);
    q.addRateLimited('e');
    clock.advance(100);
    expect(q.tryGet()).toBeUndefined();
    expect(q.len()).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('drain resolves true once in-flight keys are done', async () => {
    const { q } = newQueue();
    q.add('a');
    q.add('b');
    expect(q.tryGet()).toBe('a');
    expect(q.tryGet()).toBe('b');
    const drained = q.shutDownWithDrain(1000);
    q.done('a');
    q.add('a'); // ignored: shutting down
    q.done('b');
    await expect(drained).resolves.toBe(true);
    expect(q.processingCount()).toBe(0);
  });

  it('drain resolves false when the grace period passes first', async () => {
    const { q, clock } = newQueue();
    q.add('a');
    q.tryGet();
    const drained = q.shutDownWithDrain(500);
    clock.advance(500);
    await expect(drained).resolves.toBe(false);
  });

  it('drain of an idle queue resolves true at once', async () => {
    const { q } = newQueue();
    await expect(q.shutDownWithDrain(10)).resolves.toBe(true);
  });

  it('reports metrics: adds, depth, durations, retries and unfinished work', () => {
    const clock = new FakeClock();
    const seen = {
      adds: 0,
      depth: [] as number[],
      queued: [] as number[],
      worked: [] as number[],
      retries: 0,
    };
    let probe: QueueProbe | undefined;
    const metrics: QueueMetrics = {
      added: () => void seen.adds++,
      depth: (n) => void seen.depth.push(n),
      queued: (s) => void seen.queued.push(s),
      worked: (s) => void seen.worked.push(s),
      retried: () => void seen.retries++,
      attach: (p) => void (probe = p),
      detach: () => void (probe = undefined),
    };
    const q = new WorkQueue({ clock, metrics });
    q.add('a');
    q.add('a');
    q.add('b');
    clock.advance(2000);
    q.tryGet();
    clock.advance(500);
    q.tryGet();
    clock.advance(1000);
    expect(probe!.longestRunningProcessorSeconds()).toBe(1.5);
    expect(probe!.unfinishedWorkSeconds()).toBe(2.5);
    q.done('a');
    q.addRateLimited('a');
    expect(seen.adds).toBe(2);
    expect(seen.depth).toEqual([1, 2, 1, 0]);
    expect(seen.queued).toEqual([2, 2.5]);
    expect(seen.worked).toEqual([1.5]);
    expect(seen.retries).toBe(1);
    q.shutDown();
    expect(probe).toBeUndefined();
  });
});
