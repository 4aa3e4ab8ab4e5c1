// Time as the cache sees it. Injectable so backoff and resync can be unit-tested without waiting.

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts. Never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `fn` once after `ms`; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
  /** Calls `fn` every `ms`; returns a cancel function. */
  setRepeating(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    });
  },
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  setRepeating(fn, ms) {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  },
};
