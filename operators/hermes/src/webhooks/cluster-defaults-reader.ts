// Reads the HermesClusterDefaults singleton for a handler: from the caller's cache when it knows,
// else with one GET. Admission must not trust a cache miss: the cache may lag a just-created object.
import { isNoKindMatch, isNotFound } from '@agent-operators/runtime/client';
import type { KubeClient } from '@agent-operators/runtime/client';
import type { HermesClusterDefaultsResource } from '../api/v1/hermes-cluster-defaults.ts';
import { CLUSTER_DEFAULTS_NAME } from './paths.ts';

/**
 * The caller's view of the singleton: the object, `null` when it knows there is none (a synced
 * cache without it: no GET is made), or `undefined` when it does not know (a GET is made).
 */
export type ClusterDefaultsGetter = () => HermesClusterDefaultsResource | null | undefined;

export type ClusterDefaultsReader = (
  apiVersion: string,
  signal?: AbortSignal,
) => Promise<HermesClusterDefaultsResource | undefined>;

/**
 * `apiVersion` is the group/version of the request (hermes.agent/v1 in production), so handlers
 * also serve a copy of the CRDs installed under another group (tests).
 */
export function clusterDefaultsReader(
  client: KubeClient,
  getter: ClusterDefaultsGetter | undefined,
): ClusterDefaultsReader {
  return async (apiVersion, signal) => {
    const known = getter?.();
    if (known !== undefined) return known ?? undefined;
    try {
      return await client.get<HermesClusterDefaultsResource>(
        { apiVersion, kind: 'HermesClusterDefaults', name: CLUSTER_DEFAULTS_NAME },
        signal ? { signal } : {},
      );
    } catch (err) {
      // No singleton, or its CRD not installed: there are no cluster defaults.
      if (isNotFound(err) || isNoKindMatch(err)) return undefined;
      throw err;
    }
  };
}

/** `group/version` of an admission request's kind. */
export function requestApiVersion(kind: { group: string; version: string }): string {
  return kind.group ? `${kind.group}/${kind.version}` : kind.version;
}
