// The informer's store: objects keyed namespace/name, with secondary indexes kept in step on every write.
import type { KubeObject } from '../client/types.ts';
import { objectKey } from './types.ts';
import type { Store } from './types.ts';

export type IndexFunc<T extends KubeObject = KubeObject> = (obj: T) => string[];

export const namespaceIndex = 'namespace';
export const controllerUIDIndex = 'controllerUID';

export function indexByNamespace(obj: KubeObject): string[] {
  const ns = obj.metadata.namespace;
  return ns ? [ns] : [];
}

export function indexByControllerUID(obj: KubeObject): string[] {
  const owner = obj.metadata.ownerReferences?.find((ref) => ref.controller === true);
  return owner ? [owner.uid] : [];
}

export class IndexedStore<T extends KubeObject = KubeObject> implements Store<T> {
  readonly #items = new Map<string, T>();
  readonly #indexFuncs = new Map<string, IndexFunc<T>>();
  /** index name -> indexed value -> keys of the objects holding it */
  readonly #indices = new Map<string, Map<string, Set<string>>>();

  readonly #onIndexError: (indexName: string, err: unknown) => void;

  /** `onIndexError` hears about index functions that throw; the object is then left out of that index. */
  constructor(onIndexError: (indexName: string, err: unknown) => void = () => {}) {
    this.#onIndexError = onIndexError;
    this.addIndex(namespaceIndex, indexByNamespace);
    this.addIndex(controllerUIDIndex, indexByControllerUID);
  }

  get size(): number {
    return this.#items.size;
  }

  get(key: string): T | undefined {
    return this.#items.get(key);
  }

  list(): T[] {
    return [...this.#items.values()];
  }

  keys(): string[] {
    return [...this.#items.keys()];
  }

  byIndex(indexName: string, value: string): T[] {
    const index = this.#indices.get(indexName);
    if (!index) throw new Error(`cache: no index named "${indexName}"`);
    const keys = index.get(value);
    if (!keys) return [];
    const out: T[] = [];
    for (const key of keys) {
      const obj = this.#items.get(key);
      if (obj) out.push(obj);
    }
    return out;
  }

  /** Adds an index and builds it over the objects already stored. Names are unique. */
  addIndex(name: string, fn: IndexFunc<T>): void {
    if (this.#indexFuncs.has(name)) throw new Error(`cache: index "${name}" already exists`);
    this.#indexFuncs.set(name, fn);
    const index = new Map<string, Set<string>>();
    this.#indices.set(name, index);
    for (const [key, obj] of this.#items) addToIndex(index, this.#values(name, fn, obj), key);
  }

  /** Stores `obj` under its key; returns the object it replaced. */
  upsert(obj: T): T | undefined {
    const key = objectKey(obj);
    const old = this.#items.get(key);
    if (old) this.#unindex(key, old);
    this.#items.set(key, obj);
    for (const [name, fn] of this.#indexFuncs)
      addToIndex(this.#indices.get(name)!, this.#values(name, fn, obj), key);
    return old;
  }

  /** Removes the object under `key`; returns it. */
  delete(key: string): T | undefined {
    const old = this.#items.get(key);
    if (!old) return undefined;
    this.#unindex(key, old);
    this.#items.delete(key);
    return old;
  }

  #values(name: string, fn: IndexFunc<T>, obj: T): string[] {
    try {
      return fn(obj);
    } catch (err) {
      this.#onIndexError(name, err);
      return [];
    }
  }

  #unindex(key: string, obj: T): void {
    for (const [name, fn] of this.#indexFuncs) {
      const index = this.#indices.get(name)!;
      for (const value of this.#values(name, fn, obj)) {
        const keys = index.get(value);
        if (!keys) continue;
        keys.delete(key);
        if (keys.size === 0) index.delete(value);
      }
    }
  }
}

function addToIndex(index: Map<string, Set<string>>, values: string[], key: string): void {
  for (const value of values) {
    let keys = index.get(value);
    if (!keys) index.set(value, (keys = new Set()));
    keys.add(key);
  }
}
