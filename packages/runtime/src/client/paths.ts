// REST paths and query strings for a resource, given its discovery mapping.
import type { ResourceInfo } from './types.ts';

export interface PathParts {
  namespace?: string | undefined;
  name?: string | undefined;
  subresource?: string | undefined;
}

/**
 * `/api/v1/namespaces/ns/configmaps/name/status` and the like. A namespaced kind without a
 * namespace addresses all namespaces (valid for list and watch only).
 */
export function resourcePath(info: ResourceInfo, parts: PathParts = {}): string {
  let path = info.group === '' ? `/api/${info.version}` : `/apis/${info.group}/${info.version}`;
  if (info.namespaced && parts.namespace) path += `/namespaces/${encodeURIComponent(parts.namespace)}`;
  path += `/${info.resource}`;
  if (parts.name !== undefined) {
    if (parts.name === '') throw new Error(`a name is required to address one ${info.kind}`);
    path += `/${encodeURIComponent(parts.name)}`;
  }
  if (parts.subresource) path += `/${parts.subresource}`;
  return path;
}

/** Appends the defined, non-empty parameters as a query string. */
export function withQuery(
  path: string,
  params: Record<string, string | number | boolean | undefined>,
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') continue;
    q.append(k, String(v));
  }
  const s = q.toString();
  return s === '' ? path : `${path}?${s}`;
}
