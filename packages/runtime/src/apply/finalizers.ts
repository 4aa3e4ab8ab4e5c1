// Finalizers by JSON patch on metadata.finalizers alone, never a full update (a full update raced
// with the first reconcile and rolled pods in openclaw). A `test` op on the list the decision was
// made from turns a concurrent change into an error instead of a silent overwrite.
import { ConflictError, isInvalid } from '../client/errors.ts';
import type { KubeClient, KubeObject, RequestOptions } from '../client/types.ts';
import { refOf } from './ensure.ts';

export interface FinalizerResult<T extends KubeObject> {
  /** Whether a patch was sent. */
  changed: boolean;
  /** The patched object, or `obj` when nothing was sent. */
  object: T;
}

export interface FinalizerOptions extends RequestOptions {
  fieldManager?: string;
}

type JsonPatchOp =
  | { op: 'test'; path: string; value: unknown }
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string };

/** The ops that make the patch apply only to the finalizer list `obj` was read with. */
function testOps(obj: KubeObject): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [];
  // The same name may belong to a newer object than the one read (deleted and recreated).
  if (obj.metadata.uid) ops.push({ op: 'test', path: '/metadata/uid', value: obj.metadata.uid });
  // An absent list reads as null in a JSON patch test; the server never stores an empty one.
  const finalizers = obj.metadata.finalizers;
  ops.push({ op: 'test', path: '/metadata/finalizers', value: finalizers?.length ? finalizers : null });
  return ops;
}

async function sendPatch<T extends KubeObject>(
  client: KubeClient,
  obj: T,
  ops: JsonPatchOp[],
  opts: FinalizerOptions,
): Promise<T> {
  try {
    return await client.patch<T>(refOf(obj), 'json', ops, opts);
  } catch (err) {
    // A patch that cannot apply (a failed `test` op) answers a bare 422 with no field causes,
    // unlike a validation error. Our ops come from `obj`, so it means `obj` was outdated: to the
    // caller, a lost race like any other conflict.
    if (isInvalid(err) && err.causes.length === 0) {
      throw new ConflictError({
        statusCode: err.statusCode,
        reason: 'Conflict',
        message: `finalizers of ${obj.kind} ${obj.metadata.name ?? ''} changed concurrently: ${err.message}`,
        details: err.details,
        status: err.status,
        cause: err,
      });
    }
    throw err;
  }
}

/** Appends `name` to the finalizers unless present (then sends nothing). */
export async function addFinalizer<T extends KubeObject>(
  client: KubeClient,
  obj: T,
  name: string,
  opts: FinalizerOptions = {},
): Promise<FinalizerResult<T>> {
  const finalizers = obj.metadata.finalizers ?? [];
  if (finalizers.includes(name)) return { changed: false, object: obj };
  const ops = testOps(obj);
  ops.push(
    finalizers.length
      ? { op: 'add', path: '/metadata/finalizers/-', value: name }
      : { op: 'add', path: '/metadata/finalizers', value: [name] },
  );
  return { changed: true, object: await sendPatch(client, obj, ops, opts) };
}

/** Removes `name` from the finalizers if present (otherwise sends nothing). */
export async function removeFinalizer<T extends KubeObject>(
  client: KubeClient,
  obj: T,
  name: string,
  opts: FinalizerOptions = {},
): Promise<FinalizerResult<T>> {
  const finalizers = obj.metadata.finalizers ?? [];
  if (!finalizers.includes(name)) return { changed: false, object: obj };
  const ops = testOps(obj);
  // Remove from the end so earlier indices stay valid when the name appears more than once.
  for (let i = finalizers.length - 1; i >= 0; i--) {
    if (finalizers[i] === name) ops.push({ op: 'remove', path: `/metadata/finalizers/${i}` });
  }
  return { changed: true, object: await sendPatch(client, obj, ops, opts) };
}

export function hasFinalizer(obj: KubeObject, name: string): boolean {
  return obj.metadata.finalizers?.includes(name) ?? false;
}
