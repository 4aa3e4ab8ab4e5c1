// Per-key exponential failure backoff, as client-go's ItemExponentialFailureRateLimiter.

export interface RateLimiter {
  /** The delay before `key` may be retried; counts one more failure for it. */
  when(key: string): number;
  /** Clears the failure count of `key` (after a success). */
  forget(key: string): void;
  /** Failures counted for `key` since the last `forget`. */
  numRequeues(key: string): number;
}

export interface ExponentialBackoffOptions {
  /** Delay after the first failure, in ms. Default 5. */
  baseDelayMs?: number;
  /** Upper bound of any delay, in ms. Default 1,000,000 (1000 s). */
  maxDelayMs?: number;
}

export const DEFAULT_BASE_DELAY_MS = 5;
export const DEFAULT_MAX_DELAY_MS = 1_000_000;

export class ExponentialBackoffRateLimiter implements RateLimiter {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  #failures = new Map<string, number>();

  constructor(opts: ExponentialBackoffOptions = {}) {
    this.baseDelayMs = opts.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
    this.maxDelayMs = opts.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  }

  when(key: string): number {
    const failures = this.#failures.get(key) ?? 0;
    this.#failures.set(key, failures + 1);
    // 2^failures overflows to Infinity long after the cap is reached; min() keeps it bounded.
    return Math.min(this.baseDelayMs * 2 ** failures, this.maxDelayMs);
  }

  forget(key: string): void {
    this.#failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.#failures.get(key) ?? 0;
  }
}
