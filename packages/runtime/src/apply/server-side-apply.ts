// Server-side apply with an explicit field manager. Only the fields the caller means to own are
// sent: server-owned metadata is stripped, and `status` goes only to the status subresource.
import type { ApplyOptions, KubeClient, KubeObject, RequestOptions } from '../client/types.ts';

export interface ApplyObjectOptions extends RequestOptions {
  /** Recorded as the owner of every field sent. Required: never a library default. */
  fieldManager: string;
  /** Take over fields another manager owns. Only where an ownership transfer is intended. */
  force?: boolean;
  /** `status` applies the object's status (and nothing else) to the status subresource. */
  subresource?: 'status';
  dryRun?: boolean;
}

const serverOwnedMetadata = [
  'resourceVersion',
  'managedFields',
  'uid',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'generation',
  'selfLink',
] as const;

/** The apply configuration to send for `obj`: identity, the caller's fields, nothing server-owned. */
export function applyConfiguration<T extends KubeObject>(obj: T, subresource?: 'status'): T {
  const metadata: Record<string, unknown> = { ...obj.metadata };
  for (const key of serverOwnedMetadata) delete metadata[key];
  if (subresource === 'status') {
    // Only status: anything else in a status apply would claim fields the main resource owns.
    const { name, namespace } = obj.metadata;
    const out: KubeObject = { apiVersion: obj.apiVersion, kind: obj.kind, metadata: { name, namespace } };
    if (namespace === undefined) delete out.metadata.namespace;
    if (obj['status'] !== undefined) out['status'] = obj['status'];
    return out as T;
  }
  const { status: _status, ...rest } = obj;
  return { ...rest, metadata } as unknown as T;
}

export async function applyObject<T extends KubeObject>(
  client: KubeClient,
  obj: T,
  opts: ApplyObjectOptions,
): Promise<T> {
  if (!opts.fieldManager) throw new Error('applyObject: fieldManager is required');
  const applyOpts: ApplyOptions = { fieldManager: opts.fieldManager };
  if (opts.force !== undefined) applyOpts.force = opts.force;
  if (opts.subresource) applyOpts.subresource = opts.subresource;
  if (opts.dryRun !== undefined) applyOpts.dryRun = opts.dryRun;
  if (opts.signal) applyOpts.signal = opts.signal;
  if (opts.timeoutMs !== undefined) applyOpts.timeoutMs = opts.timeoutMs;
  return client.apply(applyConfiguration(obj, opts.subresource), applyOpts);
}
