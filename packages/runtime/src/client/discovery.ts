// Discovery: apiVersion + kind -> REST resource, from the API server's per-group-version documents
// (`/api/v1`, `/apis/<group>/<version>`). Each group-version is fetched once and cached; a kind
// missing from a cached document triggers one refetch of that group-version (a CRD may have been
// installed since) before NoKindMatchError is thrown.
import { NoKindMatchError } from './errors.ts';
import type { ResourceInfo } from './types.ts';

/** Fetches a discovery document; resolves `undefined` when the group-version is not served (404). */
export type DiscoveryFetch = (path: string) => Promise<unknown>;

interface APIResource {
  name: string;
  namespaced: boolean;
  kind: string;
  verbs?: string[];
}

interface GroupVersionEntry {
  /** Resolves to kind -> ResourceInfo. */
  kinds: Promise<Map<string, ResourceInfo>>;
}

export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return { group: '', version: apiVersion };
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function discoveryPath(apiVersion: string): string {
  const { group, version } = parseApiVersion(apiVersion);
  return group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
}

/** Maps an APIResourceList to kind -> ResourceInfo, skipping subresources (`pods/status`). */
export function parseResourceList(apiVersion: string, doc: unknown): Map<string, ResourceInfo> {
  const { group, version } = parseApiVersion(apiVersion);
  const out = new Map<string, ResourceInfo>();
  const resources = (doc as { resources?: unknown } | undefined)?.resources;
  if (!Array.isArray(resources)) return out;
  for (const r of resources as APIResource[]) {
    if (typeof r?.name !== 'string' || r.name.includes('/') || typeof r.kind !== 'string') continue;
    // The first top-level resource of a kind wins, as in client-go's RESTMapper priority.
    if (out.has(r.kind)) continue;
    out.set(r.kind, {
      group,
      version,
      kind: r.kind,
      resource: r.name,
      namespaced: r.namespaced === true,
      verbs: Array.isArray(r.verbs) ? [...r.verbs] : [],
    });
  }
  return out;
}

export class Discovery {
  readonly #fetch: DiscoveryFetch;
  readonly #cache = new Map<string, GroupVersionEntry>();
  #fetches = 0;

  constructor(fetch: DiscoveryFetch) {
    this.#fetch = fetch;
  }

  /** How many discovery documents were requested so far (for tests and diagnostics). */
  get fetchCount(): number {
    return this.#fetches;
  }

  async resourceFor(apiVersion: string, kind: string): Promise<ResourceInfo> {
    const cached = this.#cache.get(apiVersion);
    const entry = cached ?? this.#load(apiVersion);
    const found = (await entry.kinds).get(kind);
    if (found) return found;
    if (cached) {
      // The document predates this call: refresh once, sharing a refresh already in flight.
      const current = this.#cache.get(apiVersion);
      const fresh = current && current !== cached ? current : this.#load(apiVersion);
      const again = (await fresh.kinds).get(kind);
      if (again) return again;
    }
    throw new NoKindMatchError(apiVersion, kind);
  }

  /** Drops one group-version, or everything. */
  invalidate(apiVersion?: string): void {
    if (apiVersion === undefined) this.#cache.clear();
    else this.#cache.delete(apiVersion);
  }

  #load(apiVersion: string): GroupVersionEntry {
    this.#fetches += 1;
    const entry: GroupVersionEntry = {
      kinds: this.#fetch(discoveryPath(apiVersion)).then((doc) => parseResourceList(apiVersion, doc)),
    };
    this.#cache.set(apiVersion, entry);
    // A failed fetch must not stick: the next call retries.
    entry.kinds.catch(() => {
      if (this.#cache.get(apiVersion) === entry) this.#cache.delete(apiVersion);
    });
    return entry;
  }
}
