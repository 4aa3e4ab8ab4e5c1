// Mutating webhook for HermesInstance: fills the fields an instance leaves unset from the
// HermesClusterDefaults singleton, then from FALLBACK_DEFAULTS (both by the builders' own merge,
// resolveSpec, so admission and reconcile agree), then the schema defaults. Explicit values always
// win. The API server gets the difference as a JSON patch.
//
// What gets filled is stored on the object: `kubectl get -o yaml` shows the image and size in
// effect, and a later change of HermesClusterDefaults does not move existing instances (only
// fields that are unset again, e.g. dropped by a GitOps re-apply, pick up the new defaults).
import { mutateObject } from '@agent-operators/runtime/webhook';
import type { MutatingHandler } from '@agent-operators/runtime/webhook';
import { applyDefaults } from '../api/v1/defaults.ts';
import type { HermesClusterDefaultsResource } from '../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource, HermesInstanceSpec } from '../api/v1/hermes-instance.ts';
import { resolveSpec } from '../resources/defaults-merge.ts';
import type { ClusterDefaultsReader } from './cluster-defaults-reader.ts';
import { requestApiVersion } from './cluster-defaults-reader.ts';

/**
 * The spec after defaulting. `old` is the stored spec on UPDATE: an unset storageClassName keeps
 * the stored value (or stays unset), because the class is immutable and a cluster default that
 * changed since creation must not make an unrelated update fail.
 */
export function defaultInstanceSpec(
  spec: HermesInstanceSpec,
  clusterDefaults: HermesClusterDefaultsResource | undefined,
  old?: HermesInstanceSpec,
): HermesInstanceSpec {
  const resolved = resolveSpec(spec, clusterDefaults ? { spec: clusterDefaults.spec } : undefined);
  if (old && spec.storage?.storageClassName === undefined) {
    const storage = { ...resolved.storage };
    const stored = old.storage?.storageClassName;
    if (stored === undefined) delete storage.storageClassName;
    else storage.storageClassName = stored;
    resolved.storage = storage;
  }
  return applyDefaults('HermesInstance', { spec: resolved }).spec;
}

export function hermesInstanceDefaulter(
  readClusterDefaults: ClusterDefaultsReader,
): MutatingHandler<HermesInstanceResource> {
  return mutateObject<HermesInstanceResource>(async (obj, request, ctx) => {
    // An object being deleted only loses finalizers; filling fields now would change its spec.
    if (request.operation === 'UPDATE' && obj.metadata.deletionTimestamp) return;
    const clusterDefaults = await readClusterDefaults(requestApiVersion(request.kind), ctx.signal);
    const old = request.operation === 'UPDATE' ? request.oldObject?.spec : undefined;
    obj.spec = defaultInstanceSpec(obj.spec ?? {}, clusterDefaults, old);
  });
}
