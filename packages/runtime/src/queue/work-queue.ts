// The controller work queue: client-go's rate-limiting, delaying, de-duplicating queue of string keys.
//
// Invariants (proven by test/unit/queue property tests):
// - a key is handed to at most one worker at a time: a key added while it is processing is only
//   marked dirty, and goes back to the ready queue when `done` is called;
// - a key waiting in the ready queue is not queued twice;
// - every add made before shutdown is eventually handed out (after its delay, if any).
import { realClock } from './clock.ts';
import type { Clock, TimerHandle } from './clock.ts';
import { DelayHeap } from './delay-heap.ts';
import { Fifo } from './fifo.ts';
import { noopQueueMetrics } from './metrics-types.ts';
import type { QueueMetrics } from './metrics-types.ts';
import { ExponentialBackoffRateLimiter } from './rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** `low` is for initial-list and resync events, so live changes overtake them. */
export type Priority = 'normal' | 'low';

export interface AddOptions {
  priority?: Priority;
}

export interface WorkQueueOptions {
  clock?: Clock;
  rateLimiter?: RateLimiter;
  metrics?: QueueMetrics;
}

const higher = (a: Priority, b: Priority): Priority => (a === 'normal' || b === 'normal' ? 'normal' : 'low');

export class WorkQueue {
  readonly #clock: Clock;
  readonly #limiter: RateLimiter;
  readonly #metrics: QueueMetrics;

  /** Keys that need processing, with their priority: queued ones plus those re-added while processing. */
  readonly #dirty = new Map<string, Priority>();
  /** Ready keys: their priority, when they were queued, and a ticket matching their FIFO entry. */
  readonly #ready = new Map<string, { priority: Priority; queuedAt: number; ticket: number }>();
  /**
   * FIFO order per priority. Entries whose ticket no longer matches `#ready` (the key was raised to
   * normal priority, or already handed out) are stale and skipped.
   */
  readonly #fifo: Record<Priority, Fifo<{ key: string; ticket: number }>> = {
    normal: new Fifo(),
    low: new Fifo(),
  };
  #tickets = 0;
  /** Keys handed to a worker and not yet `done`, with the time they were handed out. */
  readonly #processing = new Map<string, number>();
  readonly #waiting = new DelayHeap<Priority>();
  #timer: TimerHandle | undefined;
  #timerDue = Infinity;
  readonly #getters: Array<(key: string | undefined) => void> = [];
  #shuttingDown = false;
  #drained: (() => void) | undefined;

  constructor(opts: WorkQueueOptions = {}) {
    this.#clock = opts.clock ?? realClock;
    this.#limiter = opts.rateLimiter ?? new ExponentialBackoffRateLimiter();
    this.#metrics = opts.metrics ?? noopQueueMetrics;
    this.#metrics.attach({
      unfinishedWorkSeconds: () => this.#unfinished().total,
      longestRunningProcessorSeconds: () => this.#unfinished().longest,
    });
  }

  /** Queues `key` now unless it is already waiting; a key being processed is requeued when done. */
  add(key: string, opts: AddOptions = {}): void {
    if (this.#shuttingDown) return;
    const priority = opts.priority ?? 'normal';
    const current = this.#dirty.get(key);
    if (current !== undefined) {
      // Already pending: only a priority raise can change anything.
      if (current === 'low' && priority === 'normal') {
        this.#dirty.set(key, 'normal');
        const queued = this.#ready.get(key);
        if (queued) this.#enqueue(key, 'normal', queued.queuedAt);
      }
      return;
    }
    this.#dirty.set(key, priority);
    this.#metrics.added();
    if (this.#processing.has(key)) return;
    this.#enqueue(key, priority, this.#clock.now());
    this.#dispatch();
  }

  /** Queues `key` after `delayMs`; if it already waits for an earlier time, that time stands. */
  addAfter(key: string, delayMs: number, opts: AddOptions = {}): void {
    if (this.#shuttingDown) return;
    if (!(delayMs > 0)) {
      this.add(key, opts);
      return;
    }
    const due = this.#clock.now() + delayMs;
    this.#waiting.push(key, due, opts.priority ?? 'normal', higher);
    this.#armTimer();
  }

  /** Queues `key` after its exponential backoff delay and counts a retry. */
  addRateLimited(key: string): void {
    if (this.#shuttingDown) return;
    this.#metrics.retried();
    this.addAfter(key, this.#limiter.when(key));
  }

  /** Resets the backoff of `key` (it does not remove the key from the queue). */
  forget(key: string): void {
    this.#limiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.#limiter.numRequeues(key);
  }

  /** Hands out the next key, waiting for one; resolves `undefined` once the queue shuts down. */
  get(): Promise<string | undefined> {
    const key = this.tryGet();
    if (key !== undefined || this.#shuttingDown) return Promise.resolve(key);
    return new Promise((resolve) => this.#getters.push(resolve));
  }

  /** Hands out the next ready key, or `undefined` if none is ready (never waits). */
  tryGet(): string | undefined {
    if (this.#shuttingDown) return undefined;
    const next = this.#next('normal') ?? this.#next('low');
    if (next === undefined) return undefined;
    const { key, queuedAt } = next;
    this.#ready.delete(key);
    this.#dirty.delete(key);
    const now = this.#clock.now();
    this.#processing.set(key, now);
    this.#metrics.depth(this.len());
    this.#metrics.queued((now - queuedAt) / 1000);
    return key;
  }

  /** Marks `key` finished; if it was added meanwhile, it goes back to the ready queue. */
  done(key: string): void {
    const started = this.#processing.get(key);
    if (started === undefined) return;
    this.#processing.delete(key);
    this.#metrics.worked((this.#clock.now() - started) / 1000);
    const priority = this.#dirty.get(key);
    if (priority !== undefined && !this.#shuttingDown) {
      this.#enqueue(key, priority, this.#clock.now());
      this.#dispatch();
    }
    if (this.#processing.size === 0) this.#drained?.();
  }

  /** Ready keys (not those processing or waiting for a delay). */
  len(): number {
    return this.#ready.size;
  }

  /** Keys waiting for a delay to pass. */
  waitingCount(): number {
    return this.#waiting.size;
  }

  processingCount(): number {
    return this.#processing.size;
  }

  isProcessing(key: string): boolean {
    return this.#processing.has(key);
  }

  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /**
   * Stops handing out work: waiting `get`s resolve `undefined`, queued and delayed keys are dropped
   * (the informers' next start lists them again) and later adds are ignored. In-flight keys may
   * still call `done`.
   */
  shutDown(): void {
    if (this.#shuttingDown) return;
    this.#shuttingDown = true;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#waiting.clear();
    this.#ready.clear();
    this.#fifo.normal.clear();
    this.#fifo.low.clear();
    this.#dirty.clear();
    this.#metrics.depth(0);
    for (const resolve of this.#getters.splice(0)) resolve(undefined);
    this.#metrics.detach();
  }

  /** `shutDown`, then waits for in-flight keys to be done, at most `graceMs`. True if all finished. */
  shutDownWithDrain(graceMs: number): Promise<boolean> {
    this.shutDown();
    if (this.#processing.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = this.#clock.setTimer(() => {
        this.#drained = undefined;
        resolve(false);
      }, graceMs);
      this.#drained = () => {
        timer.cancel();
        this.#drained = undefined;
        resolve(true);
      };
    });
  }

  /** Puts `key` in the ready queue at `priority` (or moves it there, keeping its queued time). */
  #enqueue(key: string, priority: Priority, queuedAt: number): void {
    const ticket = ++this.#tickets;
    this.#ready.set(key, { priority, queuedAt, ticket });
    this.#fifo[priority].push({ key, ticket });
    this.#metrics.depth(this.len());
  }

  /** The oldest live entry of one priority, skipping stale ones. */
  #next(priority: Priority): { key: string; queuedAt: number } | undefined {
    const fifo = this.#fifo[priority];
    for (let e = fifo.shift(); e !== undefined; e = fifo.shift()) {
      const r = this.#ready.get(e.key);
      if (r && r.ticket === e.ticket) return { key: e.key, queuedAt: r.queuedAt };
    }
    return undefined;
  }

  /** Gives ready keys to waiting `get` calls, oldest caller first. */
  #dispatch(): void {
    while (this.#getters.length > 0) {
      const key = this.tryGet();
      if (key === undefined) return;
      this.#getters.shift()!(key);
    }
  }

  #armTimer(): void {
    const due = this.#waiting.peekDue();
    if (due === undefined || due >= this.#timerDue) return;
    this.#timer?.cancel();
    this.#timerDue = due;
    this.#timer = this.#clock.setTimer(() => this.#onTimer(), due - this.#clock.now());
  }

  #onTimer(): void {
    this.#timer = undefined;
    this.#timerDue = Infinity;
    if (this.#shuttingDown) return;
    for (const { key, payload } of this.#waiting.popDue(this.#clock.now()))
      this.add(key, { priority: payload });
    this.#armTimer();
  }

  #unfinished(): { total: number; longest: number } {
    const now = this.#clock.now();
    let total = 0;
    let longest = 0;
    for (const started of this.#processing.values()) {
      const s = (now - started) / 1000;
      total += s;
      if (s > longest) longest = s;
    }
    return { total, longest };
  }
}
