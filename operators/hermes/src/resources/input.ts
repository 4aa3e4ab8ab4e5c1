// The build input every builder works from, computed once per build: the resolved spec
// (instance > HermesClusterDefaults > fallbacks), names, owner reference and the image in effect.
import type { OwnerReference } from '@agent-operators/runtime/client';
import type { HermesClusterDefaults } from '../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceSpec, HermesInstanceStatus } from '../api/v1/hermes-instance.ts';
import type { BuildContext } from './context.ts';
import { resolveSpec } from './defaults-merge.ts';
import type { InstanceSpec } from './defaults-merge.ts';
import { imageRef } from './image.ts';
import type { ObjectMeta } from './k8s-types.ts';
import { ownerReference } from './meta.ts';
import { childNames } from './names.ts';
import type { ChildNames } from './names.ts';

/** A HermesInstance: as read from the API server (with uid, namespace ...) or from a file. */
export interface InstanceObject {
  metadata?: ObjectMeta;
  spec: HermesInstanceSpec;
  status?: HermesInstanceStatus;
}

export interface BuildInput {
  instance: InstanceObject;
  /** The resolved spec. */
  spec: InstanceSpec;
  name: string;
  namespace: string;
  names: ChildNames;
  owner: OwnerReference | undefined;
  context: BuildContext;
  /** The agent image reference in effect. */
  agentImage: string;
  agentPullPolicy: string;
  /** The StatefulSet gets one claim per replica (volumeClaimTemplates) instead of <name>-data. */
  perReplicaClaims: boolean;
}

/** The agent image in effect: the context's, else auto-update's current version, else spec.image. */
function agentImage(instance: InstanceObject, spec: InstanceSpec, context: BuildContext): string {
  if (context.agentImage) return context.agentImage;
  const image = spec.image ?? {};
  const repository = image.repository ?? 'docker.io/nousresearch/hermes-agent';
  const current = instance.status?.autoUpdate?.currentVersion;
  if (spec.autoUpdate?.enabled && current && !image.digest) return imageRef(repository, current);
  return imageRef(repository, image.tag, image.digest);
}

export function buildInput(
  instance: InstanceObject,
  clusterDefaults: HermesClusterDefaults | undefined,
  context: BuildContext = {},
): BuildInput {
  const name = instance.metadata?.name;
  if (!name) throw new Error('HermesInstance has no metadata.name');
  const namespace = instance.metadata?.namespace ?? 'default';
  const spec = resolveSpec(instance.spec, clusterDefaults);
  const sa = spec.security?.serviceAccount;
  const image = agentImage(instance, spec, context);
  const storage = spec.storage;
  return {
    instance,
    spec,
    name,
    namespace,
    names: childNames(name, sa?.name ?? (sa?.create === false ? 'default' : undefined)),
    owner: ownerReference(instance),
    context,
    agentImage: image,
    agentPullPolicy: spec.image?.pullPolicy ?? 'IfNotPresent',
    perReplicaClaims:
      (storage?.enabled ?? true) && !storage?.existingClaim && (spec.availability?.hpa?.enabled ?? false),
  };
}
