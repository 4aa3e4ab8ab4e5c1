// A hand-driven informer for controller unit tests (the unit tier may fake the cache).
import type { EventHandler, Informer, InformerKey, Store } from '../../../src/cache/types.ts';
import { objectKey } from '../../../src/cache/types.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import type { InformerSource } from '../../../src/controller/types.ts';

class MapStore implements Store {
  readonly objects = new Map<string, KubeObject>();
  get(key: string): KubeObject | undefined {
    return this.objects.get(key);
  }
  list(): KubeObject[] {
    return [...this.objects.values()];
  }
  byIndex(): KubeObject[] {
    return [];
  }
  get size(): number {
    return this.objects.size;
  }
}

export class FakeInformer implements Informer {
  readonly key: InformerKey;
  readonly store = new MapStore();
  readonly handlers = new Set<EventHandler>();
  lastError: Error | undefined;
  #synced = false;
  #syncWaiters: Array<() => void> = [];

  constructor(key: InformerKey) {
    this.key = key;
  }

  addHandler(handler: EventHandler): () => void {
    this.handlers.add(handler);
    if (this.#synced) for (const obj of this.store.list()) handler.onAdd?.(obj, true);
    return () => this.handlers.delete(handler);
  }
  addIndex(): void {}
  hasSynced(): boolean {
    return this.#synced;
  }
  waitForSync(timeoutMs: number): Promise<void> {
    if (this.#synced) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`not synced within ${timeoutMs} ms`)), timeoutMs);
      this.#syncWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }
  start(): void {}
  stop(): Promise<void> {
    return Promise.resolve();
  }

  /** The initial list: adds flagged as such, then synced. */
  sync(objs: KubeObject[] = []): void {
    for (const obj of objs) this.add(obj, true);
    this.#synced = true;
    for (const w of this.#syncWaiters.splice(0)) w();
  }
  add(obj: KubeObject, initial = false): void {
    this.store.objects.set(objectKey(obj), obj);
    for (const h of this.handlers) h.onAdd?.(obj, initial);
  }
  update(newObj: KubeObject): void {
    const old = this.store.objects.get(objectKey(newObj))!;
    this.store.objects.set(objectKey(newObj), newObj);
    for (const h of this.handlers) h.onUpdate?.(old, newObj);
  }
  delete(obj: KubeObject): void {
    this.store.objects.delete(objectKey(obj));
    for (const h of this.handlers) h.onDelete?.(obj, false);
  }
}

export class FakeSource implements InformerSource {
  readonly informers = new Map<string, FakeInformer>();
  namespaced = true;

  informer(apiVersion: string, kind: string): FakeInformer {
    const id = `${apiVersion}/${kind}`;
    let inf = this.informers.get(id);
    if (!inf) {
      inf = new FakeInformer({ apiVersion, kind });
      this.informers.set(id, inf);
    }
    return inf;
  }
  getInformer<T extends KubeObject = KubeObject>(key: InformerKey): Promise<Informer<T>> {
    // One fake per kind regardless of selectors; the controller only needs matching events.
    return Promise.resolve(this.informer(key.apiVersion, key.kind) as unknown as Informer<T>);
  }
  isNamespaced(): Promise<boolean> {
    return Promise.resolve(this.namespaced);
  }
}

let rv = 0;
export function obj(
  apiVersion: string,
  kind: string,
  namespace: string | undefined,
  name: string,
  meta: Partial<KubeObject['metadata']> = {},
): KubeObject {
  return {
    apiVersion,
    kind,
    metadata: {
      name,
      ...(namespace ? { namespace } : {}),
      resourceVersion: String(++rv),
      generation: 1,
      ...meta,
    },
  };
}
