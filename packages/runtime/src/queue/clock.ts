// Time as the queue and controllers see it; injectable so tests run fast and deterministically.

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
  /** Runs `fn` after `ms` milliseconds unless cancelled. */
  setTimer(fn: () => void, ms: number): TimerHandle;
}

export const realClock: Clock = {
  now: () => performance.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    // Timers must never keep a stopping process alive; shutdown is explicit.
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};
