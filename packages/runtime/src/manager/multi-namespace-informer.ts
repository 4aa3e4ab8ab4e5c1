// One informer per watched namespace behind the Informer contract, for managers restricted to a
// namespace list: controllers and readers see a single informer and a single merged store.
import type { EventHandler, Informer, InformerKey, Store } from '../cache/types.ts';
import type { KubeObject } from '../client/types.ts';

class MergedStore<T extends KubeObject> implements Store<T> {
  readonly #parts: ReadonlyMap<string, Informer<T>>;

  constructor(parts: ReadonlyMap<string, Informer<T>>) {
    this.#parts = parts;
  }

  get(key: string): T | undefined {
    // Keys are `namespace/name`: route to the one informer that can hold it.
    const slash = key.indexOf('/');
    return slash < 0 ? undefined : this.#parts.get(key.slice(0, slash))?.store.get(key);
  }

  list(): T[] {
    return [...this.#parts.values()].flatMap((p) => p.store.list());
  }

  byIndex(indexName: string, value: string): T[] {
    if (indexName === 'namespace') return this.#parts.get(value)?.store.byIndex(indexName, value) ?? [];
    return [...this.#parts.values()].flatMap((p) => p.store.byIndex(indexName, value));
  }

  get size(): number {
    let n = 0;
    for (const p of this.#parts.values()) n += p.store.size;
    return n;
  }
}

export class MultiNamespaceInformer<T extends KubeObject = KubeObject> implements Informer<T> {
  readonly key: InformerKey;
  readonly store: Store<T>;
  readonly #parts: ReadonlyMap<string, Informer<T>>;
  readonly #indexes = new Set<string>();

  /** `parts` maps each namespace to the informer watching it; `key` is the namespace-less key. */
  constructor(key: InformerKey, parts: ReadonlyMap<string, Informer<T>>) {
    this.key = key;
    this.#parts = parts;
    this.store = new MergedStore(parts);
  }

  addHandler(handler: EventHandler<T>): () => void {
    const unsubscribe = [...this.#parts.values()].map((p) => p.addHandler(handler));
    return () => {
      for (const u of unsubscribe) u();
    };
  }

  addIndex(name: string, fn: (obj: T) => string[]): void {
    if (this.#indexes.has(name)) throw new Error(`cache: index "${name}" already exists`);
    this.#indexes.add(name);
    for (const p of this.#parts.values()) p.addIndex(name, fn);
  }

  hasSynced(): boolean {
    return [...this.#parts.values()].every((p) => p.hasSynced());
  }

  async waitForSync(timeoutMs: number): Promise<void> {
    await Promise.all([...this.#parts.values()].map((p) => p.waitForSync(timeoutMs)));
  }

  get lastError(): Error | undefined {
    for (const p of this.#parts.values()) if (p.lastError) return p.lastError;
    return undefined;
  }

  start(): void {
    for (const p of this.#parts.values()) p.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.#parts.values()].map((p) => p.stop()));
  }
}
