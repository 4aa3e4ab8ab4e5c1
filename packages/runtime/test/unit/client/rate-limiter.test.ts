import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BURST, DEFAULT_QPS, TokenBucket } from '../../../src/client/rate-limiter.ts';

function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}

describe('TokenBucket', () => {
  it('defaults to controller-runtime QPS 20, burst 30', () => {
    const b = new TokenBucket();
    expect([b.qps, b.burst]).toEqual([DEFAULT_QPS, DEFAULT_BURST]);
    expect([DEFAULT_QPS, DEFAULT_BURST]).toEqual([20, 30]);
  });

  it('never grants more than burst + qps * elapsed (property, manual clock)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 300 }),
        (qps, burst, steps) => {
          let now = 0;
          const b = new TokenBucket({ qps, burst, now: () => now });
          let granted = 0;
          for (const step of steps) {
            now += step;
            while (b.tryAcquire()) granted += 1;
            expect(b.tokens).toBeLessThan(1);
            expect(granted).toBeLessThanOrEqual(burst + (qps * now) / 1000 + 1e-9);
          }
          // And it grants whatever it holds: after draining, less than one token is left.
          expect(b.tokens).toBeLessThan(1);
          expect(granted).toBeGreaterThanOrEqual(burst);
        },
      ),
    );
  });

  it('gives the burst at once, then paces acquire() at qps', async () => {
    const b = new TokenBucket({ qps: 50, burst: 5 });
    const start = performance.now();
    const waits = await Promise.all(Array.from({ length: 15 }, () => b.acquire()));
    const elapsed = performance.now() - start;
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    // 10 tokens beyond the burst at 50/s need at least 200 ms.
    expect(elapsed).toBeGreaterThanOrEqual(190);
    // Waiters are served in order.
    expect([...waits].sort((x, y) => x - y)).toEqual(waits);
  });

  it('gives the token back on abort and leaves no timers behind', async () => {
    const timersBefore = activeTimers();
    const b = new TokenBucket({ qps: 1, burst: 1 });
    await b.acquire();
    const ac = new AbortController();
    const waiting = b.acquire(ac.signal);
    expect(activeTimers()).toBe(timersBefore + 1);
    ac.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(activeTimers()).toBe(timersBefore);
    expect(b.tokens).toBeGreaterThan(-0.01);
    expect(b.tokens).toBeLessThan(0.1);
  });

  it('rejects at once with an already aborted signal', async () => {
    const b = new TokenBucket({ qps: 1, burst: 1 });
    await expect(b.acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(b.tryAcquire()).toBe(true);
  });

  it('is disabled by qps <= 0 or Infinity', async () => {
    for (const qps of [0, -1, Infinity]) {
      const b = new TokenBucket({ qps, burst: 1 });
      for (let i = 0; i < 100; i++) expect(b.tryAcquire()).toBe(true);
      await expect(b.acquire()).resolves.toBe(0);
    }
  });
});
