import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Backoff } from '../../../src/cache/backoff.ts';

describe('Backoff', () => {
  it('starts at 0.8 s and doubles up to 30 s when jitter draws nothing', () => {
    const b = new Backoff({}, () => 0);
    const delays = Array.from({ length: 9 }, () => b.next());
    expect(delays).toEqual([800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000]);
  });

  it('shortens each delay by at most the jitter fraction', () => {
    const b = new Backoff({ jitter: 0.2 }, () => 1);
    expect(b.next()).toBeCloseTo(640);
    expect(b.next()).toBeCloseTo(1280);
  });

  it('starts over after reset', () => {
    const b = new Backoff({}, () => 0);
    b.next();
    b.next();
    b.reset();
    expect(b.next()).toBe(800);
  });

  it('keeps every delay within [(1 - jitter) * base, base] and never above the cap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { maxLength: 60 }),
        (draws) => {
          let i = 0;
          const b = new Backoff({}, () => draws[i] ?? 0);
          let base = 800;
          for (i = 0; i < draws.length; i++) {
            const d = b.next();
            expect(d).toBeGreaterThanOrEqual(0.8 * base - 1e-9);
            expect(d).toBeLessThanOrEqual(base);
            expect(d).toBeLessThanOrEqual(30_000);
            expect(d).toBeGreaterThan(0);
            base = Math.min(30_000, base * 2);
          }
        },
      ),
    );
  });
});
