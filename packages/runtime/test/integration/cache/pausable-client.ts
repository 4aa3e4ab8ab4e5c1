// Test helper: the real KubeClient with a gate in front of `watch`, so a test can cut an informer
// off from the API server (pause: end the open watch and hold new ones) and later let it resume
// from the resourceVersion it had. Everything else goes straight to the real client.
import type { KindRef, KubeClient, KubeObject, WatchEvent, WatchOptions } from '../../../src/client/types.ts';

export class PausableWatches {
  readonly inner: KubeClient;
  /** The resourceVersion of every watch request that reached the API server, in order. */
  readonly watchedFrom: string[] = [];
  readonly #active = new Set<AbortController>();
  #gate: Promise<void> | undefined;
  #open: (() => void) | undefined;

  constructor(inner: KubeClient) {
    this.inner = inner;
  }

  /** Ends every open watch and holds new ones until `resume`. */
  pause(): void {
    if (!this.#gate) this.#gate = new Promise((resolve) => (this.#open = resolve));
    for (const ac of this.#active) ac.abort();
  }

  resume(): void {
    this.#open?.();
    this.#gate = undefined;
    this.#open = undefined;
  }

  get activeWatches(): number {
    return this.#active.size;
  }

  client(): KubeClient {
    const inner = this.inner;
    return {
      get server() {
        return inner.server;
      },
      get: (ref, opts) => inner.get(ref, opts),
      list: (kind, opts) => inner.list(kind, opts),
      listAll: (kind, opts) => inner.listAll(kind, opts),
      create: (obj, opts) => inner.create(obj, opts),
      update: (obj, opts) => inner.update(obj, opts),
      patch: (ref, type, body, opts) => inner.patch(ref, type, body, opts),
      apply: (obj, opts) => inner.apply(obj, opts),
      delete: (ref, opts) => inner.delete(ref, opts),
      resourceFor: (apiVersion, kind) => inner.resourceFor(apiVersion, kind),
      invalidateDiscovery: () => inner.invalidateDiscovery(),
      watch: <T extends KubeObject>(kind: KindRef, opts: WatchOptions = {}) => this.#watch<T>(kind, opts),
    };
  }

  async *#watch<T extends KubeObject>(kind: KindRef, opts: WatchOptions): AsyncGenerator<WatchEvent<T>> {
    while (this.#gate && !opts.signal?.aborted) await Promise.race([this.#gate, aborted(opts.signal)]);
    if (opts.signal?.aborted) return;
    const ac = new AbortController();
    const forward = (): void => ac.abort();
    opts.signal?.addEventListener('abort', forward, { once: true });
    this.#active.add(ac);
    this.watchedFrom.push(opts.resourceVersion ?? '');
    try {
      yield* this.inner.watch<T>(kind, { ...opts, signal: ac.signal });
    } finally {
      this.#active.delete(ac);
      opts.signal?.removeEventListener('abort', forward);
    }
  }
}

function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
}
