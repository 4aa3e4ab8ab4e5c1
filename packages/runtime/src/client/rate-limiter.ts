// Client-side token bucket, the equivalent of client-go's flowcontrol.NewTokenBucketRateLimiter.
// Defaults follow controller-runtime (QPS 20, burst 30) rather than bare client-go (5/10), since
// operators reconcile in bursts after a resync or a restart.
//
// Each acquire reserves a token at once (the balance may go negative) and sleeps until that token
// has been earned, like Go's rate.Limiter.Wait: waiters are served in arrival order and the only
// timers alive are those of callers actually waiting.

export const DEFAULT_QPS = 20;
export const DEFAULT_BURST = 30;

export interface RateLimiterOptions {
  /** Sustained requests per second. `Infinity` or <= 0 disables limiting. */
  qps?: number;
  /** Requests allowed at once after an idle period. */
  burst?: number;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
}

export class TokenBucket {
  readonly qps: number;
  readonly burst: number;
  readonly #now: () => number;
  #tokens: number;
  #last: number;

  constructor(opts: RateLimiterOptions = {}) {
    this.qps = opts.qps ?? DEFAULT_QPS;
    this.burst = Math.max(1, Math.floor(opts.burst ?? DEFAULT_BURST));
    this.#now = opts.now ?? (() => performance.now());
    this.#tokens = this.burst;
    this.#last = this.#now();
  }

  get disabled(): boolean {
    return !(this.qps > 0) || this.qps === Infinity;
  }

  /** Tokens available now (negative while callers are waiting). */
  get tokens(): number {
    this.#refill();
    return this.#tokens;
  }

  /** Takes a token if one is available now, without waiting. */
  tryAcquire(): boolean {
    if (this.disabled) return true;
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /**
   * Resolves once the caller may send a request; returns the milliseconds waited. Rejects with the
   * signal's reason on abort (the reserved token is given back).
   */
  acquire(signal?: AbortSignal): Promise<number> {
    if (this.disabled) return Promise.resolve(0);
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    this.#refill();
    this.#tokens -= 1;
    if (this.#tokens >= 0) return Promise.resolve(0);
    const waitMs = (-this.#tokens / this.qps) * 1000;
    return new Promise<number>((resolve, reject) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        this.#tokens += 1;
        reject(signal?.reason as Error);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(waitMs);
      }, Math.ceil(waitMs));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #refill(): void {
    const now = this.#now();
    const elapsed = now - this.#last;
    this.#last = now;
    if (elapsed > 0) this.#tokens = Math.min(this.burst, this.#tokens + (elapsed / 1000) * this.qps);
  }
}
