// Status writes through the /status subresource, skipped when nothing changed (an unconditional
// status write wakes every watcher and, for some kinds, the owner's reconcile: a loop).
import type { KubeClient, KubeObject, RequestOptions } from '../client/types.ts';
import { jsonEqual } from './json-equal.ts';

export interface StatusWriteResult<T extends KubeObject> {
  /** Whether a request was sent. */
  written: boolean;
  /** The server's answer when written; otherwise `obj` unchanged. */
  object: T;
}

export interface StatusWriteOptions extends RequestOptions {
  fieldManager?: string;
}

/**
 * Replaces `obj`'s status with `newStatus` when they differ (as JSON: key order and undefined
 * members do not count). The write is a PUT to /status carrying `obj`'s resourceVersion, so a
 * status computed from an outdated object fails with ConflictError instead of overwriting.
 */
export async function updateStatusIfChanged<T extends KubeObject>(
  client: KubeClient,
  obj: T,
  newStatus: unknown,
  opts: StatusWriteOptions = {},
): Promise<StatusWriteResult<T>> {
  if (jsonEqual(newStatus, obj['status'])) return { written: false, object: obj };
  const { managedFields: _mf, ...metadata } = obj.metadata;
  const body = { ...obj, metadata, status: newStatus } as T;
  const writeOpts: StatusWriteOptions & { subresource: string } = { ...opts, subresource: 'status' };
  return { written: true, object: await client.update(body, writeOpts) };
}
