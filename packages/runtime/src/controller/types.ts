// The shapes a reconciler and the controller builder speak in.
import type { Informer, InformerKey } from '../cache/types.ts';
import type { KubeObject } from '../client/types.ts';
import type { Logger } from '../logging/index.ts';

/** What to reconcile: one object, by namespace (absent for cluster-scoped kinds) and name. */
export interface Request {
  namespace?: string;
  name: string;
}

/** What a reconcile asks for next. Returning nothing (or `{}`) means done until the next event. */
export interface Result {
  /** Reconcile again after this many milliseconds (the backoff is reset first). */
  requeueAfter?: number;
  /** Reconcile again after the key's exponential backoff. */
  requeue?: boolean;
}

export interface ReconcileContext {
  /** Aborts on the reconcile timeout or when the controller stops past its grace period. */
  signal: AbortSignal;
  /** Carries controller, namespace, name and reconcileID on every line. */
  log: Logger;
  /** Unique per reconcile call. */
  reconcileID: string;
}

export type Reconciler = (req: Request, ctx: ReconcileContext) => Promise<Result | void>;

/** Maps a watched object to the requests it should trigger (Watches). */
export type MapFn<T extends KubeObject = KubeObject> = (obj: T) => Request[];

/** Where a controller gets its informers; the manager implements it (with namespace scoping). */
export interface InformerSource {
  getInformer<T extends KubeObject = KubeObject>(key: InformerKey): Promise<Informer<T>>;
  /** Whether a kind is namespaced, to place an owner's request in the right namespace. */
  isNamespaced(apiVersion: string, kind: string): Promise<boolean>;
}
