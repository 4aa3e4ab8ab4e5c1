// A manual clock for tests: time moves only when `advance` is called, timers fire in due order.
import type { Clock, TimerHandle } from './clock.ts';

interface PendingTimer {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class FakeClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: PendingTimer[] = [];

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer: PendingTimer = { due: this.#now + Math.max(0, ms), seq: this.#seq++, fn, cancelled: false };
    this.#timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, earliest first. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const next = this.#nextDue(target);
      if (!next) break;
      this.#now = Math.max(this.#now, next.due);
      this.#timers = this.#timers.filter((t) => t !== next);
      next.fn();
    }
    this.#now = target;
  }

  /** Number of timers still waiting (for assertions). */
  get pendingTimers(): number {
    return this.#timers.filter((t) => !t.cancelled).length;
  }

  /** Due time of the earliest live timer, if any. */
  nextDue(): number | undefined {
    return this.#nextDue(Infinity)?.due;
  }

  #nextDue(limit: number): PendingTimer | undefined {
    this.#timers = this.#timers.filter((t) => !t.cancelled);
    let best: PendingTimer | undefined;
    for (const t of this.#timers) {
      if (t.due > limit) continue;
      if (!best || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t;
    }
    return best;
  }
}
