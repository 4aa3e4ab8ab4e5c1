// Exponential backoff with jitter for the reflector's retries (client-go: 0.8 s doubling to 30 s).

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
  /** Fraction (0..1) by which a delay may be shortened at random, so replicas don't retry in step. */
  jitter: number;
}

export const defaultBackoffOptions: BackoffOptions = {
  initialMs: 800,
  maxMs: 30_000,
  factor: 2,
  jitter: 0.2,
};

/**
 * The n-th delay (from 0) lies in `[(1 - jitter) * base, base]` with
 * `base = min(maxMs, initialMs * factor^n)`: never above `maxMs`, never zero.
 */
export class Backoff {
  readonly options: BackoffOptions;
  #base: number;
  readonly #random: () => number;

  constructor(options: Partial<BackoffOptions> = {}, random: () => number = Math.random) {
    this.options = { ...defaultBackoffOptions, ...options };
    this.#base = Math.min(this.options.initialMs, this.options.maxMs);
    this.#random = random;
  }

  next(): number {
    const base = this.#base;
    this.#base = Math.min(this.options.maxMs, base * this.options.factor);
    return base * (1 - this.options.jitter * this.#random());
  }

  reset(): void {
    this.#base = Math.min(this.options.initialMs, this.options.maxMs);
  }
}
