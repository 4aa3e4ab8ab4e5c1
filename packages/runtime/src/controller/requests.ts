// Requests <-> queue keys, and the mappings from watched objects to requests.
import type { KubeObject } from '../client/types.ts';
import type { Request } from './types.ts';

/** `namespace/name`, or `name` for cluster-scoped objects (the cache's key format). */
export function requestKey(req: Request): string {
  return req.namespace ? `${req.namespace}/${req.name}` : req.name;
}

/** Inverse of requestKey. Neither namespaces nor names may contain `/`, so the split is exact. */
export function requestFromKey(key: string): Request {
  const slash = key.indexOf('/');
  return slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** The API group of an apiVersion: `apps/v1` -> `apps`, `v1` -> `` (core). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** For(): the object itself. */
export function requestForObject(obj: KubeObject): Request[] {
  const { namespace, name } = obj.metadata;
  if (!name) return [];
  return [namespace ? { namespace, name } : { name }];
}

/**
 * Owns(): the controller owner of `obj` if it is of the given group and kind (the ownerReference's
 * version is ignored, so an owner served at several versions still matches). A cluster-scoped owner
 * gets no namespace; a namespaced owner lives in the object's namespace (owners cannot cross namespaces).
 */
export function requestForControllerOwner(
  ownerGroup: string,
  ownerKind: string,
  ownerNamespaced: boolean,
): (obj: KubeObject) => Request[] {
  return (obj) => {
    const ref = obj.metadata.ownerReferences?.find((r) => r.controller === true);
    if (!ref || ref.kind !== ownerKind || groupOf(ref.apiVersion) !== ownerGroup) return [];
    const namespace = ownerNamespaced ? obj.metadata.namespace : undefined;
    return [namespace ? { namespace, name: ref.name } : { name: ref.name }];
  };
}
