// HermesClusterDefaults merge: the cluster singleton fills only what an instance leaves unset,
// then FALLBACK_DEFAULTS fill the rest. "Unset" means undefined: an explicit false, 0, "" or
// empty list on the instance always wins. Returns a new spec; inputs are never changed.
import type { HermesClusterDefaults } from '../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceSpec } from '../api/v1/hermes-instance.ts';
import { FALLBACK_DEFAULTS } from '../api/v1/fallback-defaults.ts';
import type { Json } from './k8s-types.ts';

export type InstanceSpec = HermesInstanceSpec;
type ClusterDefaultsSpec = HermesClusterDefaults['spec'];
type DefaultsObject = { spec: ClusterDefaultsSpec };

/** `a` unless undefined, else `b`. */
function pick<T>(a: T | undefined, b: T | undefined): T | undefined {
  return a !== undefined ? a : b;
}

/** Keys of `over` win; keys only in `base` are kept. Undefined when both are. */
function mergeMaps<V>(
  base: Record<string, V> | undefined,
  over: Record<string, V> | undefined,
): Record<string, V> | undefined {
  if (!base) return over;
  if (!over) return base;
  return { ...base, ...over };
}

/** Drops undefined values so a merged object has only the fields something set. */
function compact<T extends object>(obj: T): T {
  const out: Json = {};
  for (const k in obj) {
    const v = obj[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}

function mergeResources(
  own: InstanceSpec['resources'],
  cluster: ClusterDefaultsSpec['resources'],
): InstanceSpec['resources'] {
  if (!cluster) return own;
  return compact({
    requests: mergeMaps(cluster.requests, own?.requests),
    limits: mergeMaps(cluster.limits, own?.limits),
  });
}

function mergeImage(spec: InstanceSpec, cd: ClusterDefaultsSpec | undefined): InstanceSpec['image'] {
  const own = spec.image ?? {};
  const image = compact({
    ...own,
    repository: pick(pick(own.repository, cd?.image?.repository), FALLBACK_DEFAULTS.image.repository),
    tag: pick(pick(own.tag, cd?.image?.tag), FALLBACK_DEFAULTS.image.tag),
    pullPolicy: pick(pick(own.pullPolicy, cd?.image?.pullPolicy), FALLBACK_DEFAULTS.image.pullPolicy),
    pullSecrets: pick(
      own.pullSecrets,
      cd?.registry?.pullSecretName ? [{ name: cd.registry.pullSecretName }] : undefined,
    ),
  });
  return image;
}

function mergeStorage(spec: InstanceSpec, cd: ClusterDefaultsSpec | undefined): InstanceSpec['storage'] {
  const own = spec.storage ?? {};
  return compact({
    ...own,
    size: pick(pick(own.size, cd?.storage?.size), FALLBACK_DEFAULTS.storage.size),
    storageClassName: pick(own.storageClassName, cd?.storage?.storageClassName),
  });
}

function mergeSecurity(spec: InstanceSpec, cd: ClusterDefaultsSpec | undefined): InstanceSpec['security'] {
  const own = spec.security;
  const cds = cd?.security;
  if (!cds) return own;
  const sa = own?.serviceAccount;
  const annotations = mergeMaps(cds.serviceAccount?.annotations, sa?.annotations);
  return compact({
    ...own,
    podSecurityContext: mergeMaps(cds.podSecurityContext, own?.podSecurityContext),
    containerSecurityContext: mergeMaps(cds.containerSecurityContext, own?.containerSecurityContext),
    serviceAccount: annotations ? compact({ ...sa, annotations }) : sa,
  });
}

function mergeNetworking(
  spec: InstanceSpec,
  cd: ClusterDefaultsSpec | undefined,
): InstanceSpec['networking'] {
  const own = spec.networking ?? {};
  const np = own.networkPolicy ?? {};
  const ing = own.ingress;
  const cdIng = cd?.networking?.ingress;
  return compact({
    ...own,
    networkPolicy: compact({
      ...np,
      enabled: pick(
        pick(np.enabled, cd?.networking?.networkPolicy?.enabled),
        FALLBACK_DEFAULTS.networking.networkPolicy.enabled,
      ),
    }),
    ingress:
      ing && cdIng
        ? compact({
            ...ing,
            className: pick(ing.className, cdIng.className),
            annotations: mergeMaps(cdIng.annotations, ing.annotations),
          })
        : ing,
  });
}

function mergeObservability(
  spec: InstanceSpec,
  cd: ClusterDefaultsSpec | undefined,
): InstanceSpec['observability'] {
  const own = spec.observability ?? {};
  const sm = own.serviceMonitor ?? {};
  const cdSm = cd?.observability?.serviceMonitor;
  return compact({
    ...own,
    serviceMonitor: compact({
      ...sm,
      enabled: pick(pick(sm.enabled, cdSm?.enabled), FALLBACK_DEFAULTS.observability.serviceMonitor.enabled),
      labels: mergeMaps(cdSm?.labels, sm.labels),
    }),
  });
}

function mergeBackup(spec: InstanceSpec, cd: ClusterDefaultsSpec | undefined): InstanceSpec['backup'] {
  const own = spec.backup;
  if (!own || !cd?.backup) return own;
  return compact({ ...own, schedule: pick(own.schedule, cd.backup.schedule) });
}

function mergeScheduling(
  spec: InstanceSpec,
  cd: ClusterDefaultsSpec | undefined,
): InstanceSpec['scheduling'] {
  const own = spec.scheduling;
  const cds = cd?.scheduling;
  if (!cds) return own;
  return compact({
    ...own,
    nodeSelector: pick(own?.nodeSelector, cds.nodeSelector),
    tolerations: pick(own?.tolerations, cds.tolerations),
    priorityClassName: pick(own?.priorityClassName, cds.priorityClassName),
  });
}

/**
 * The spec the builders work from: the instance's own values, then HermesClusterDefaults, then
 * FALLBACK_DEFAULTS. Sections neither side sets stay absent.
 */
export function resolveSpec(spec: InstanceSpec, clusterDefaults?: DefaultsObject): InstanceSpec {
  const cd = clusterDefaults?.spec;
  return compact({
    ...spec,
    image: mergeImage(spec, cd),
    storage: mergeStorage(spec, cd),
    resources: mergeResources(spec.resources, cd?.resources),
    security: mergeSecurity(spec, cd),
    networking: mergeNetworking(spec, cd),
    observability: mergeObservability(spec, cd),
    backup: mergeBackup(spec, cd),
    scheduling: mergeScheduling(spec, cd),
  });
}
