// The object model and client contract every part of the runtime codes against.
// Kept free of implementation so the cache, apply and controller layers depend only on this.

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
}

/** Any Kubernetes object. Kind-specific fields stay open; typed kinds narrow this. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

export interface KubeList<T extends KubeObject = KubeObject> {
  apiVersion: string;
  kind: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

/** What identifies one object. `namespace` is ignored for cluster-scoped kinds. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
}

/** What identifies a collection of one kind. Omit namespace to address all namespaces. */
export interface KindRef {
  apiVersion: string;
  kind: string;
  namespace?: string;
}

/** The REST mapping of a kind, found by discovery. */
export interface ResourceInfo {
  group: string;
  version: string;
  kind: string;
  /** Plural resource name, e.g. `statefulsets`. */
  resource: string;
  namespaced: boolean;
  verbs: string[];
}

export interface RequestOptions {
  /** Aborts the request (and for watches, ends the stream). */
  signal?: AbortSignal;
  /** Overrides the client's default request timeout, in milliseconds. */
  timeoutMs?: number;
}

export interface ListOptions extends RequestOptions {
  labelSelector?: string;
  fieldSelector?: string;
  /** Page size; `listAll` uses it for every page. */
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan';
}

export interface WatchOptions extends RequestOptions {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  allowWatchBookmarks?: boolean;
  /** Server-side watch timeout. */
  timeoutSeconds?: number;
  /** Called once the server accepted the watch (2xx), before any event: the connection is healthy. */
  onOpen?: () => void;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent<T extends KubeObject = KubeObject> {
  type: WatchEventType;
  /** For ERROR events this is a metav1.Status object (cast as needed). */
  object: T;
}

export interface WriteOptions extends RequestOptions {
  dryRun?: boolean;
  /** Field manager recorded in managedFields. Always explicit for apply. */
  fieldManager?: string;
  /** Subresource to write, e.g. `status` or `scale`. */
  subresource?: string;
}

export interface ApplyOptions extends WriteOptions {
  fieldManager: string;
  /** Take ownership of conflicting fields. Only where a transfer is intended. */
  force?: boolean;
}

export type PatchType = 'json' | 'merge' | 'strategic';

export interface DeleteOptions extends RequestOptions {
  dryRun?: boolean;
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
}

/**
 * The Kubernetes client. Every method maps apiVersion+kind to a REST path through discovery
 * (cached, refreshed once when a kind is missing) and throws a typed `KubeApiError` subclass
 * (see errors.ts) for any non-2xx answer.
 */
export interface KubeClient {
  get<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    opts?: RequestOptions & { subresource?: string },
  ): Promise<T>;
  /** One page. */
  list<T extends KubeObject = KubeObject>(kind: KindRef, opts?: ListOptions): Promise<KubeList<T>>;
  /** Every page, following `continue`; returns the items and the resourceVersion of the list. */
  listAll<T extends KubeObject = KubeObject>(
    kind: KindRef,
    opts?: ListOptions,
  ): Promise<{ items: T[]; resourceVersion: string }>;
  create<T extends KubeObject>(obj: T, opts?: WriteOptions): Promise<T>;
  /** Full replace (PUT). Outside the apply module, only with a reconcile-guard allow comment. */
  update<T extends KubeObject>(obj: T, opts?: WriteOptions): Promise<T>;
  patch<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    type: PatchType,
    body: unknown,
    opts?: WriteOptions,
  ): Promise<T>;
  /** Server-side apply (`application/apply-patch+yaml`, sent as JSON). */
  apply<T extends KubeObject>(obj: T, opts: ApplyOptions): Promise<T>;
  /** Resolves when the API server accepted the deletion. NotFound is thrown, not swallowed. */
  delete(ref: ObjectRef, opts?: DeleteOptions): Promise<void>;
  /**
   * A single watch request. The iterator ends when the server closes the stream or the signal
   * aborts; HTTP errors (e.g. 410) throw typed errors. Reconnecting is the caller's job (the cache).
   */
  watch<T extends KubeObject = KubeObject>(kind: KindRef, opts?: WatchOptions): AsyncIterable<WatchEvent<T>>;
  /** Discovery: the REST mapping for a kind. */
  resourceFor(apiVersion: string, kind: string): Promise<ResourceInfo>;
  /** Drops the discovery cache (e.g. after installing CRDs). */
  invalidateDiscovery(): void;
  /** The API server's base URL. */
  readonly server: string;
}
