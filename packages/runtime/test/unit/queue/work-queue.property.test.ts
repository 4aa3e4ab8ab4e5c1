// Property tests for the queue's promises: one key is never processed concurrently, no key is lost,
// and backoff stays within 5 ms x 2^failures capped at 1000 s.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/queue/fake-clock.ts';
import { ExponentialBackoffRateLimiter } from '../../../src/queue/rate-limiter.ts';
import { WorkQueue } from '../../../src/queue/work-queue.ts';
import type { Priority } from '../../../src/queue/work-queue.ts';

const BASE = 5;
const MAX = 1_000_000;
const KEYS = ['a', 'b', 'c', 'd', 'ns/e'];

type Op =
  | { t: 'add'; key: string; priority: Priority }
  | { t: 'addAfter'; key: string; delay: number }
  | { t: 'addRateLimited'; key: string }
  | { t: 'forget'; key: string }
  | { t: 'get' }
  | { t: 'done'; pick: number }
  | { t: 'advance'; ms: number }
  /** Moves the clock to just before (`offset` -1) or exactly to the model's next due time. */
  | { t: 'toNextDue'; offset: 0 | -1 };

const key = fc.constantFrom(...KEYS);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('add' as const), key, priority: fc.constantFrom<Priority>('normal', 'low') }),
  fc.record({ t: fc.constant('addAfter' as const), key, delay: fc.integer({ min: -10, max: 300 }) }),
  fc.record({ t: fc.constant('addRateLimited' as const), key }),
  fc.record({ t: fc.constant('forget' as const), key }),
  fc.record({ t: fc.constant('get' as const) }),
  fc.record({ t: fc.constant('get' as const) }),
  fc.record({ t: fc.constant('done' as const), pick: fc.nat() }),
  fc.record({
    t: fc.constant('advance' as const),
    ms: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(MAX)),
  }),
  fc.record({ t: fc.constant('toNextDue' as const), offset: fc.constantFrom<0 | -1>(0, -1) }),
);

/**
 * A reference model of what the queue owes: per key, whether it must be handed out (`pending`,
 * with a priority), the earliest time a delayed add falls due, and whether a worker holds it.
 */
class Model {
  pending = new Map<string, Priority>();
  due = new Map<string, { at: number; priority: Priority }>();
  processing = new Set<string>();
  failures = new Map<string, number>();

  add(k: string, p: Priority): void {
    const cur = this.pending.get(k);
    this.pending.set(k, cur === 'normal' || p === 'normal' ? 'normal' : 'low');
  }
  addAfter(k: string, at: number, now: number): void {
    if (at <= now) return this.add(k, 'normal');
    const cur = this.due.get(k);
    if (!cur || at < cur.at) this.due.set(k, { at, priority: 'normal' });
  }
  /** Delays whose time has come become pending adds. */
  release(now: number): void {
    for (const [k, d] of [...this.due]) {
      if (d.at <= now) {
        this.due.delete(k);
        this.add(k, d.priority);
      }
    }
  }
  /** Keys a worker may be handed now. */
  ready(): Map<string, Priority> {
    return new Map([...this.pending].filter(([k]) => !this.processing.has(k)));
  }
}

describe('WorkQueue properties', () => {
  it('never hands out a key that is processing, never early, never late, never loses one', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200, size: 'max' }), (ops) => {
        const clock = new FakeClock();
        const q = new WorkQueue({ clock });
        const m = new Model();

        const take = (): void => {
          const got = q.tryGet();
          const ready = m.ready();
          if (got === undefined) {
            // Not late and not lost: nothing the model says is ready may be withheld.
            expect([...ready.keys()]).toEqual([]);
            return;
          }
          // Never concurrent, never early (a delayed key only after its due time).
          expect(m.processing.has(got)).toBe(false);
          expect(ready.has(got)).toBe(true);
          // Live work first.
          if ([...ready.values()].includes('normal')) expect(ready.get(got)).toBe('normal');
          m.pending.delete(got);
          m.processing.add(got);
        };

        for (const o of ops) {
          switch (o.t) {
            case 'add':
              q.add(o.key, { priority: o.priority });
              m.add(o.key, o.priority);
              break;
            case 'addAfter':
              q.addAfter(o.key, o.delay);
              m.addAfter(o.key, clock.now() + o.delay, clock.now());
              break;
            case 'addRateLimited': {
              const n = m.failures.get(o.key) ?? 0;
              expect(q.numRequeues(o.key)).toBe(n);
              q.addRateLimited(o.key);
              m.failures.set(o.key, n + 1);
              m.addAfter(o.key, clock.now() + Math.min(BASE * 2 ** n, MAX), clock.now());
              break;
            }
            case 'forget':
              q.forget(o.key);
              m.failures.delete(o.key);
              break;
            case 'get':
              take();
              break;
            case 'done': {
              const inFlight = [...m.processing];
              if (inFlight.length === 0) break;
              const k = inFlight[o.pick % inFlight.length]!;
              q.done(k);
              m.processing.delete(k);
              break;
            }
            case 'advance':
              clock.advance(o.ms);
              m.release(clock.now());
              break;
            case 'toNextDue': {
              const next = Math.min(...[...m.due.values()].map((d) => d.at));
              if (!Number.isFinite(next) || next + o.offset <= clock.now()) break;
              clock.advance(next + o.offset - clock.now());
              m.release(clock.now());
              break;
            }
          }
          expect(q.len()).toBe(m.ready().size);
        }

        // Drain: finish everything in flight, let every delay pass, and process what remains.
        for (const k of [...m.processing]) {
          q.done(k);
          m.processing.delete(k);
        }
        for (let round = 0; round < 3; round++) {
          clock.advance(MAX + 1);
          m.release(clock.now());
          for (let k = q.tryGet(); k !== undefined; k = q.tryGet()) {
            expect(m.ready().has(k)).toBe(true);
            m.pending.delete(k);
            q.done(k);
          }
        }
        expect(m.pending.size).toBe(0);
        expect(m.due.size).toBe(0);
        expect(q.waitingCount()).toBe(0);
        expect(clock.pendingTimers).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('with concurrent async workers, processes each key alone and after its last add', async () => {
    const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key, gap: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 60,
          size: 'max',
        }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 4 }),
        async (adds, workTicks, workers) => {
          const q = new WorkQueue();
          let seq = 0;
          const lastAdd = new Map<string, number>();
          const lastStart = new Map<string, number>();
          const active = new Set<string>();
          let violations = 0;
          let jobs = 0;

          const worker = async (): Promise<void> => {
            for (;;) {
              const k = await q.get();
              if (k === undefined) return;
              if (active.has(k)) violations++;
              active.add(k);
              lastStart.set(k, ++seq);
              for (let i = 0; i < workTicks[jobs++ % workTicks.length]!; i++) await tick();
              active.delete(k);
              q.done(k);
            }
          };
          const running = Array.from({ length: workers }, () => worker());

          for (const a of adds) {
            for (let i = 0; i < a.gap; i++) await tick();
            q.add(a.key);
            lastAdd.set(a.key, ++seq);
          }
          while (q.len() > 0 || q.processingCount() > 0) await tick();
          q.shutDown();
          await Promise.all(running);

          expect(violations).toBe(0);
          for (const [k, added] of lastAdd) expect(lastStart.get(k) ?? 0).toBeGreaterThan(added);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('backoff is base x 2^failures since the last forget, within [5 ms, 1000 s]', () => {
    fc.assert(
      fc.property(
        // Forgets are rare so that failure runs reach the cap (5 ms x 2^18 > 1000 s).
        fc.array(
          fc.record({
            key: fc.constantFrom('a', 'b'),
            forget: fc.integer({ min: 0, max: 40 }).map((n) => n === 0),
          }),
          { minLength: 20, maxLength: 300, size: 'max' },
        ),
        (steps) => {
          const rl = new ExponentialBackoffRateLimiter();
          const failures = new Map<string, number>();
          for (const s of steps) {
            if (s.forget) {
              rl.forget(s.key);
              failures.delete(s.key);
              continue;
            }
            const n = failures.get(s.key) ?? 0;
            const d = rl.when(s.key);
            failures.set(s.key, n + 1);
            expect(d).toBeGreaterThanOrEqual(BASE);
            expect(d).toBeLessThanOrEqual(MAX);
            expect(d).toBe(Math.min(BASE * 2 ** n, MAX));
            expect(rl.numRequeues(s.key)).toBe(n + 1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
