// A KubeClient wrapper that counts the requests made through it, per verb: how the tests prove
// that a converged ensure, a present finalizer or an unchanged status costs no request at all.
import type { KubeClient } from '../../../src/client/types.ts';

export type Verb = 'get' | 'list' | 'create' | 'update' | 'patch' | 'apply' | 'delete' | 'watch';

export interface RequestCounter {
  /** Use this client in the code under test. */
  readonly client: KubeClient;
  readonly counts: Readonly<Record<Verb, number>>;
  readonly total: number;
  /** Writes only (create, update, patch, apply, delete). */
  readonly writes: number;
  reset(): void;
}

const verbs: Verb[] = ['get', 'list', 'create', 'update', 'patch', 'apply', 'delete', 'watch'];
const writeVerbs: Verb[] = ['create', 'update', 'patch', 'apply', 'delete'];

export function countRequests(inner: KubeClient): RequestCounter {
  const counts = Object.fromEntries(verbs.map((v) => [v, 0])) as Record<Verb, number>;
  const client: KubeClient = {
    get: (ref, opts) => (counts.get++, inner.get(ref, opts)),
    list: (kind, opts) => (counts.list++, inner.list(kind, opts)),
    listAll: (kind, opts) => (counts.list++, inner.listAll(kind, opts)),
    create: (obj, opts) => (counts.create++, inner.create(obj, opts)),
    update: (obj, opts) => (counts.update++, inner.update(obj, opts)),
    patch: (ref, type, body, opts) => (counts.patch++, inner.patch(ref, type, body, opts)),
    apply: (obj, opts) => (counts.apply++, inner.apply(obj, opts)),
    delete: (ref, opts) => (counts.delete++, inner.delete(ref, opts)),
    watch: (kind, opts) => (counts.watch++, inner.watch(kind, opts)),
    resourceFor: (apiVersion, kind) => inner.resourceFor(apiVersion, kind),
    invalidateDiscovery: () => inner.invalidateDiscovery(),
    get server() {
      return inner.server;
    },
  };
  return {
    client,
    counts,
    get total() {
      return verbs.reduce((n, v) => n + counts[v], 0);
    },
    get writes() {
      return writeVerbs.reduce((n, v) => n + counts[v], 0);
    },
    reset() {
      for (const v of verbs) counts[v] = 0;
    },
  };
}
