// The controller builder: controllerFor(name).for(...).owns(...).watches(...).build(reconciler).
import type { InformerKey } from '../cache/types.ts';
import type { KindRef, KubeObject } from '../client/types.ts';
import type { Clock, RateLimiter } from '../queue/index.ts';
import { Controller } from './controller.ts';
import type { WatchSpec } from './controller.ts';
import type { Predicate } from './predicates.ts';
import { groupOf, requestForControllerOwner, requestForObject } from './requests.ts';
import type { MapFn, Reconciler } from './types.ts';

export interface WatchOptions {
  /** Every predicate must pass for an event to enqueue anything. */
  predicates?: Predicate[];
  /** Narrows the informer (and so the cache) to matching objects, e.g. `app.kubernetes.io/managed-by=x`. */
  labelSelector?: string;
  fieldSelector?: string;
}

export interface QueueOptions {
  clock?: Clock;
  rateLimiter?: () => RateLimiter;
  /** Register Prometheus metrics (default true). */
  metrics?: boolean;
}

function informerKey(kind: KindRef, opts: WatchOptions): InformerKey {
  return {
    apiVersion: kind.apiVersion,
    kind: kind.kind,
    ...(kind.namespace ? { namespace: kind.namespace } : {}),
    ...(opts.labelSelector ? { labelSelector: opts.labelSelector } : {}),
    ...(opts.fieldSelector ? { fieldSelector: opts.fieldSelector } : {}),
  };
}

export class ControllerBuilder {
  readonly #name: string;
  #forKind: KindRef | undefined;
  #forSpec: WatchSpec | undefined;
  readonly #watches: WatchSpec[] = [];
  readonly #pendingOwns: Array<{ kind: KindRef; opts: WatchOptions }> = [];
  #maxConcurrent = 1;
  #timeoutMs: number | undefined;
  #queueOptions: QueueOptions = {};

  constructor(name: string) {
    this.#name = name;
  }

  /** The kind this controller reconciles; its own events enqueue the object. Call once. */
  for(kind: KindRef, opts: WatchOptions = {}): this {
    if (this.#forKind) throw new Error(`controller ${this.#name}: for() may only be called once`);
    this.#forKind = kind;
    this.#forSpec = {
      role: 'for',
      key: informerKey(kind, opts),
      predicates: opts.predicates ?? [],
      mapper: () => Promise.resolve(requestForObject),
    };
    return this;
  }

  /** A kind this controller creates; events enqueue its controller owner of the `for` kind. */
  owns(kind: KindRef, opts: WatchOptions = {}): this {
    this.#pendingOwns.push({ kind, opts });
    return this;
  }

  /** Any kind, with a custom mapping from its objects to requests. */
  watches<T extends KubeObject = KubeObject>(kind: KindRef, map: MapFn<T>, opts: WatchOptions = {}): this {
    this.#watches.push({
      role: 'watches',
      key: informerKey(kind, opts),
      predicates: opts.predicates ?? [],
      // The informer for this key holds objects of kind T; the cast only narrows the event type.
      mapper: () => Promise.resolve(map as MapFn),
    });
    return this;
  }

  withMaxConcurrentReconciles(n: number): this {
    if (!Number.isInteger(n) || n < 1) throw new Error('maxConcurrentReconciles must be an integer >= 1');
    this.#maxConcurrent = n;
    return this;
  }

  /** Aborts the reconcile's signal after `ms`. */
  withReconcileTimeout(ms: number): this {
    if (!(ms > 0)) throw new Error('reconcile timeout must be > 0 ms');
    this.#timeoutMs = ms;
    return this;
  }

  withQueueOptions(opts: QueueOptions): this {
    this.#queueOptions = { ...this.#queueOptions, ...opts };
    return this;
  }

  build(reconciler: Reconciler): Controller {
    const forKind = this.#forKind;
    if (this.#pendingOwns.length > 0 && !forKind) {
      throw new Error(`controller ${this.#name}: owns() needs for() to name the owner kind`);
    }
    const owns: WatchSpec[] = this.#pendingOwns.map(({ kind, opts }) => ({
      role: 'owns',
      key: informerKey(kind, opts),
      predicates: opts.predicates ?? [],
      mapper: async (source) =>
        requestForControllerOwner(
          groupOf(forKind!.apiVersion),
          forKind!.kind,
          await source.isNamespaced(forKind!.apiVersion, forKind!.kind),
        ),
    }));
    const watches = [...(this.#forSpec ? [this.#forSpec] : []), ...owns, ...this.#watches];
    return new Controller({
      name: this.#name,
      watches,
      reconciler,
      maxConcurrentReconciles: this.#maxConcurrent,
      ...(this.#timeoutMs !== undefined ? { reconcileTimeoutMs: this.#timeoutMs } : {}),
      ...this.#queueOptions,
    });
  }
}

export function controllerFor(name: string): ControllerBuilder {
  return new ControllerBuilder(name);
}
