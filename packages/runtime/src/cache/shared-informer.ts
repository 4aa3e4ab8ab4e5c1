// One cache of one InformerKey, shared by every handler registered on it: a reflector feeding an
// indexed store, handler dispatch (with replay for late handlers), sync tracking and local resync.
import type { KubeClient, KubeObject } from '../client/types.ts';
import type { BackoffOptions } from './backoff.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { IndexedStore } from './indexed-store.ts';
import { errorFields, guardLogger, stderrLogger } from './logger.ts';
import type { CacheLogger } from './logger.ts';
import { prepareObject } from './object-transform.ts';
import { Reflector } from './reflector.ts';
import type { ReflectorStats } from './reflector.ts';
import { objectKey } from './types.ts';
import type { EventHandler, Informer, InformerKey } from './types.ts';

export interface InformerOptions {
  /** Drop `metadata.managedFields` from cached objects (default true). */
  stripManagedFields?: boolean;
  /** Every this many ms, replay each cached object to the handlers as an update (old === new). 0: off. */
  resyncPeriodMs?: number;
  /** LIST page size. Default 500. */
  pageSize?: number;
  /** Bounds of the random server-side watch timeout. Default 300..600 s. */
  watchTimeoutSeconds?: { min: number; max: number };
  backoff?: Partial<BackoffOptions>;
  clock?: Clock;
  random?: () => number;
  logger?: CacheLogger;
}

interface SyncWaiter {
  resolve(): void;
  reject(err: Error): void;
  cancelTimer(): void;
}

export class SharedInformer<T extends KubeObject = KubeObject> implements Informer<T> {
  readonly key: InformerKey;
  readonly store: IndexedStore<T>;
  readonly #reflector: Reflector;
  readonly #handlers = new Set<EventHandler<T>>();
  readonly #strip: boolean;
  readonly #resyncPeriodMs: number;
  readonly #clock: Clock;
  readonly #log: CacheLogger;
  #synced = false;
  #started = false;
  #stopped = false;
  #waiters: SyncWaiter[] = [];
  #cancelResync: (() => void) | undefined;

  constructor(client: KubeClient, key: InformerKey, opts: InformerOptions = {}) {
    this.key = { ...key };
    this.#strip = opts.stripManagedFields ?? true;
    this.#resyncPeriodMs = opts.resyncPeriodMs ?? 0;
    this.#clock = opts.clock ?? systemClock;
    this.#log = guardLogger(opts.logger ?? stderrLogger);
    this.store = new IndexedStore<T>((indexName, err) =>
      this.#log.error({ ...this.#fields(), indexName, ...errorFields(err) }, 'index function threw'),
    );
    this.#reflector = new Reflector({
      client,
      key: this.key,
      sink: { replace: (items, _rv) => this.#replace(items), event: (type, obj) => this.#event(type, obj) },
      pageSize: opts.pageSize,
      watchTimeoutSeconds: opts.watchTimeoutSeconds,
      backoff: opts.backoff,
      clock: this.#clock,
      random: opts.random,
      logger: this.#log,
    });
  }

  get lastError(): Error | undefined {
    return this.#reflector.lastError;
  }

  /** List/watch counters (e.g. `lists` stays 1 while every reconnect resumes without a relist). */
  get stats(): Readonly<ReflectorStats> {
    return this.#reflector.stats;
  }

  /** The resourceVersion the next watch would resume from. */
  get lastResourceVersion(): string {
    return this.#reflector.lastResourceVersion;
  }

  hasSynced(): boolean {
    return this.#synced;
  }

  addHandler(handler: EventHandler<T>): () => void {
    this.#handlers.add(handler);
    if (this.#synced) {
      for (const obj of this.store.list()) this.#call('onAdd', () => handler.onAdd?.(obj, true));
    }
    return () => {
      this.#handlers.delete(handler);
    };
  }

  addIndex(name: string, fn: (obj: T) => string[]): void {
    this.store.addIndex(name, fn);
  }

  waitForSync(timeoutMs: number): Promise<void> {
    if (this.#synced) return Promise.resolve();
    if (this.#stopped) return Promise.reject(new Error(`cache: informer for ${this.#describe()} is stopped`));
    return new Promise<void>((resolve, reject) => {
      const waiter: SyncWaiter = {
        resolve,
        reject,
        cancelTimer: this.#clock.setTimer(() => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          const cause = this.lastError ? `; last error: ${this.lastError.message}` : '';
          reject(
            new Error(`cache: informer for ${this.#describe()} not synced within ${timeoutMs} ms${cause}`),
          );
        }, timeoutMs),
      };
      this.#waiters.push(waiter);
    });
  }

  start(): void {
    if (this.#stopped)
      throw new Error(`cache: informer for ${this.#describe()} was stopped; create a new one`);
    if (this.#started) return;
    this.#started = true;
    this.#reflector.start();
    if (this.#resyncPeriodMs > 0) {
      this.#cancelResync = this.#clock.setRepeating(() => this.#resync(), this.#resyncPeriodMs);
    }
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#cancelResync?.();
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) {
      w.cancelTimer();
      w.reject(new Error(`cache: informer for ${this.#describe()} stopped before it synced`));
    }
    await this.#reflector.stop();
  }

  #prepare(obj: KubeObject): T {
    return prepareObject(obj, {
      apiVersion: this.key.apiVersion,
      kind: this.key.kind,
      stripManagedFields: this.#strip,
    }) as T;
  }

  /** A full list: adds for new keys, updates where resourceVersion changed, inferred deletes for the rest. */
  #replace(items: KubeObject[]): void {
    const initial = !this.#synced;
    const seen = new Set<string>();
    for (const raw of items) {
      const obj = this.#prepare(raw);
      const key = objectKey(obj);
      seen.add(key);
      const old = this.store.get(key);
      if (!old) {
        this.store.upsert(obj);
        this.#dispatch('onAdd', (h) => h.onAdd?.(obj, initial));
      } else if (old.metadata.resourceVersion !== obj.metadata.resourceVersion) {
        this.store.upsert(obj);
        this.#dispatch('onUpdate', (h) => h.onUpdate?.(old, obj));
      }
    }
    for (const key of this.store.keys()) {
      if (seen.has(key)) continue;
      const old = this.store.delete(key)!;
      this.#dispatch('onDelete', (h) => h.onDelete?.(old, true));
    }
    if (!this.#synced) this.#markSynced();
  }

  #event(type: 'ADDED' | 'MODIFIED' | 'DELETED', raw: KubeObject): void {
    const obj = this.#prepare(raw);
    if (type === 'DELETED') {
      this.store.delete(objectKey(obj));
      this.#dispatch('onDelete', (h) => h.onDelete?.(obj, false));
      return;
    }
    // An ADDED for a key we hold (e.g. replayed around a reconnect) is an update to handlers.
    const old = this.store.upsert(obj);
    if (old) this.#dispatch('onUpdate', (h) => h.onUpdate?.(old, obj));
    else this.#dispatch('onAdd', (h) => h.onAdd?.(obj, false));
  }

  #resync(): void {
    if (!this.#synced || this.#stopped) return;
    for (const obj of this.store.list()) this.#dispatch('onUpdate', (h) => h.onUpdate?.(obj, obj));
  }

  #markSynced(): void {
    this.#synced = true;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) {
      w.cancelTimer();
      w.resolve();
    }
  }

  #dispatch(what: string, fn: (h: EventHandler<T>) => void): void {
    // A snapshot, so a handler added from inside a handler sees its replay once, not this event too.
    for (const handler of [...this.#handlers]) this.#call(what, () => fn(handler));
  }

  /** A throwing handler is logged and must not stop the others or the reflector. */
  #call(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.#log.error({ ...this.#fields(), handler: what, ...errorFields(err) }, 'event handler threw');
    }
  }

  #describe(): string {
    const { apiVersion, kind, namespace, labelSelector, fieldSelector } = this.key;
    const parts = [`${apiVersion}/${kind}`];
    if (namespace) parts.push(`namespace=${namespace}`);
    if (labelSelector) parts.push(`labels=${labelSelector}`);
    if (fieldSelector) parts.push(`fields=${fieldSelector}`);
    return parts.join(' ');
  }

  #fields(): Record<string, unknown> {
    return { informer: this.#describe() };
  }
}
