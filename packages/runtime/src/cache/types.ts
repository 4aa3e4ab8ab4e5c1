// The cache contract: what controllers and apply code read from. Implementations live beside it.
import type { KubeObject } from '../client/types.ts';

export interface InformerKey {
  apiVersion: string;
  kind: string;
  /** Watch one namespace; omit for all namespaces (or cluster-scoped kinds). */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

export interface EventHandler<T extends KubeObject = KubeObject> {
  onAdd?(obj: T, isInitialList: boolean): void;
  /** `oldObj` is the cached object before the change (always provided, unlike client-node). */
  onUpdate?(oldObj: T, newObj: T): void;
  /** `obj` is the last known state. `finalStateUnknown` when the delete was inferred by a relist. */
  onDelete?(obj: T, finalStateUnknown: boolean): void;
}

export interface Store<T extends KubeObject = KubeObject> {
  /** `namespace/name`, or `name` for cluster-scoped objects. */
  get(key: string): T | undefined;
  list(): T[];
  /** Objects whose index `indexName` contains `value` (built-ins: `namespace`, `controllerUID`). */
  byIndex(indexName: string, value: string): T[];
  readonly size: number;
}

export interface Informer<T extends KubeObject = KubeObject> {
  readonly key: InformerKey;
  readonly store: Store<T>;
  /** Registers a handler; an already-synced informer replays current objects as adds. Returns an unsubscribe. */
  addHandler(handler: EventHandler<T>): () => void;
  addIndex(name: string, fn: (obj: T) => string[]): void;
  hasSynced(): boolean;
  /** Resolves when the first full list is in the store; rejects on timeout or stop. */
  waitForSync(timeoutMs: number): Promise<void>;
  /** Last error seen by the reflector (cleared on the next successful list/watch), for readiness. */
  readonly lastError: Error | undefined;
  start(): void;
  stop(): Promise<void>;
}

/** Hands out one shared informer per InformerKey. */
export interface InformerFactory {
  informerFor<T extends KubeObject = KubeObject>(key: InformerKey): Informer<T>;
  start(): void;
  waitForSync(timeoutMs: number): Promise<void>;
  allSynced(): boolean;
  stop(): Promise<void>;
}

export function objectKey(obj: { metadata: { namespace?: string; name?: string } }): string {
  const { namespace, name } = obj.metadata;
  return namespace ? `${namespace}/${name ?? ''}` : (name ?? '');
}
