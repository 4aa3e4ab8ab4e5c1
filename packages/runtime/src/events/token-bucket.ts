// Per-key token buckets (client-go's EventSourceObjectSpamFilter): each key may spend `burst`
// tokens at once, then earns one back every `refillMs`. Keys are forgotten oldest-first past `maxKeys`.

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export interface TokenBuckets {
  /** Spends a token for `key` at `nowMs`; false when none is left. */
  take(key: string, nowMs: number): boolean;
  readonly size: number;
}

export function createTokenBuckets(burst: number, refillMs: number, maxKeys: number): TokenBuckets {
  const buckets = new Map<string, Bucket>();
  return {
    take(key, nowMs) {
      let bucket = buckets.get(key);
      if (bucket) {
        buckets.delete(key); // re-inserted below: Map order doubles as recency
        const earned = refillMs > 0 ? Math.floor((nowMs - bucket.updatedMs) / refillMs) : burst;
        if (earned > 0) {
          const tokens = Math.min(burst, bucket.tokens + earned);
          // Keep the partial progress towards the next token unless the bucket is full.
          bucket = { tokens, updatedMs: tokens === burst ? nowMs : bucket.updatedMs + earned * refillMs };
        }
      } else {
        bucket = { tokens: burst, updatedMs: nowMs };
      }
      buckets.set(key, bucket);
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      if (bucket.tokens < 1) return false;
      bucket.tokens--;
      return true;
    },
    get size() {
      return buckets.size;
    },
  };
}
