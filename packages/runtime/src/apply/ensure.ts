// ensure: create or update one object through the mutate model (controller-runtime's
// CreateOrUpdate), sending nothing when the live object already holds what the builder wants.
// This module is the one place that may send a full update (PUT).
import { isAlreadyExists, isNotFound } from '../client/errors.ts';
import type { KubeClient, KubeObject, ObjectRef, RequestOptions } from '../client/types.ts';
import type { MergeRules } from './merge.ts';
import { defaultMergeRules, mergeObject } from './merge.ts';
import { normalizeDesired } from './normalize.ts';
import type { OwnedKeyPredicate } from './owned-keys.ts';

export type EnsureResultKind = 'created' | 'updated' | 'unchanged';

export interface EnsureResult<T extends KubeObject> {
  result: EnsureResultKind;
  /** The object as the server returned it; for 'unchanged', the live object that was compared. */
  object: T;
  /**
   * Only for create-only kinds (PVCs): the live object differs from the desired one, but it is
   * never updated. A controller may report it (an Event, a condition); ensure does not act on it.
   */
  drift?: boolean;
}

/** Where to read the live object from instead of a GET: normally the informer cache. */
export type CurrentGetter = (ref: ObjectRef) => KubeObject | undefined | Promise<KubeObject | undefined>;

export interface EnsureOptions extends RequestOptions {
  /**
   * The live object, e.g. from the cache. Passing the property (even as `undefined`, meaning
   * "the cache has none") skips the GET. A stale cache is safe: a missing object that exists
   * is read back after AlreadyExists, and an outdated one fails the update with ConflictError.
   */
  current?: KubeObject | undefined;
  /** Reads the live object when `current` is not given; without either, ensure GETs it. */
  getter?: CurrentGetter;
  /** Label/annotation keys the operator owns. Default: none (other keys are never removed). */
  ownedKey?: OwnedKeyPredicate;
  /** Overrides parts of the merge rules (atomic maps, quantity fields, one-of groups). */
  rules?: Partial<MergeRules>;
  /** Create, never update. Default: true for PersistentVolumeClaims, whose spec is immutable. */
  createOnly?: boolean;
  /** Recorded in managedFields for the create or update. */
  fieldManager?: string;
}

export function refOf(obj: KubeObject): ObjectRef {
  const { name, namespace } = obj.metadata;
  if (!name) throw new Error(`${obj.kind}: desired object has no metadata.name`);
  return namespace === undefined
    ? { apiVersion: obj.apiVersion, kind: obj.kind, name }
    : { apiVersion: obj.apiVersion, kind: obj.kind, name, namespace };
}

async function readCurrent(
  client: KubeClient,
  ref: ObjectRef,
  opts: EnsureOptions,
): Promise<KubeObject | undefined> {
  if ('current' in opts) return opts.current;
  if (opts.getter) return opts.getter(ref);
  return getOrUndefined(client, ref, opts);
}

async function getOrUndefined(
  client: KubeClient,
  ref: ObjectRef,
  opts: RequestOptions,
): Promise<KubeObject | undefined> {
  try {
    return await client.get(ref, requestOptions(opts));
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

function requestOptions(opts: RequestOptions): RequestOptions {
  const out: RequestOptions = {};
  if (opts.signal) out.signal = opts.signal;
  if (opts.timeoutMs !== undefined) out.timeoutMs = opts.timeoutMs;
  return out;
}

/** A desired object made sendable as a create: no server-owned metadata, no status. */
function forCreate<T extends KubeObject>(desired: T): T {
  const {
    resourceVersion: _rv,
    uid: _uid,
    creationTimestamp: _ct,
    managedFields: _mf,
    ...metadata
  } = desired.metadata;
  const { status: _status, ...rest } = desired;
  return { ...rest, metadata } as T;
}

/**
 * Creates `desired` when absent, updates the live object when a field the builder sets differs,
 * and otherwise sends nothing. See merge.ts for the merge rules and builder conventions.
 * Errors from the API server propagate (ConflictError when the live object was outdated).
 */
export async function ensure<T extends KubeObject>(
  client: KubeClient,
  desired: T,
  opts: EnsureOptions = {},
): Promise<EnsureResult<T>> {
  const ref = refOf(desired);
  const writeOpts = {
    ...requestOptions(opts),
    ...(opts.fieldManager ? { fieldManager: opts.fieldManager } : {}),
  };
  let current = await readCurrent(client, ref, opts);
  if (current === undefined) {
    try {
      return { result: 'created', object: await client.create(forCreate(desired), writeOpts) };
    } catch (err) {
      // The cache had not seen the object yet: compare with the real one instead.
      if (!isAlreadyExists(err)) throw err;
      current = await client.get(ref, requestOptions(opts));
    }
  }
  const rules: MergeRules = {
    ...defaultMergeRules,
    ...opts.rules,
    ...(opts.ownedKey ? { ownedKey: opts.ownedKey } : {}),
  };
  const { object: merged, changed } = mergeObject(current, normalizeDesired(desired), rules);
  const createOnly =
    opts.createOnly ?? (desired.kind === 'PersistentVolumeClaim' && desired.apiVersion === 'v1');
  if (createOnly) return { result: 'unchanged', object: current as T, drift: changed };
  if (!changed) return { result: 'unchanged', object: current as T };
  // Optimistic concurrency: the update carries the resourceVersion the merge was computed from.
  // managedFields left out keeps the server's record as it is (the cache may have stripped it).
  const { managedFields: _mf, ...metadata } = merged.metadata;
  const body = {
    ...merged,
    metadata: { ...metadata, resourceVersion: current.metadata.resourceVersion },
  } as T;
  return { result: 'updated', object: await client.update(body, writeOpts) };
}
