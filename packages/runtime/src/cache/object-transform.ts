// What the cache does to each object before storing it: fill in the type (LIST items of built-in
// kinds come without apiVersion/kind) and drop managedFields, which is often most of an object's size.
import type { KubeObject } from '../client/types.ts';

export interface TransformOptions {
  apiVersion: string;
  kind: string;
  stripManagedFields: boolean;
}

export function prepareObject<T extends KubeObject>(obj: T, opts: TransformOptions): T {
  const needsType = obj.apiVersion !== opts.apiVersion || obj.kind !== opts.kind;
  const strip = opts.stripManagedFields && obj.metadata.managedFields !== undefined;
  if (!needsType && !strip) return obj;
  let metadata = obj.metadata;
  if (strip) {
    // A fresh metadata object rather than `delete`, which would push V8 into slow dictionary mode.
    const { managedFields: _dropped, ...rest } = obj.metadata;
    metadata = rest;
  }
  return { ...obj, apiVersion: opts.apiVersion, kind: opts.kind, metadata };
}
