// StatefulSet <name>: the agent. One replica by default (one gateway per data directory), zero
// when suspended; with an HPA the autoscaler owns the count (the live value comes in through the
// context) and every replica gets its own claims from volumeClaimTemplates. Server defaults
// (update strategy, pod management, history, claim retention) are set explicitly.
import { fromInput } from './builder.ts';
import { renderConfig } from './config-render.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta, selectorLabels } from './meta.ts';
import { agentPodTemplate } from './pod/pod-spec.ts';
import { VOLUME_DATA, VOLUME_OLLAMA } from './pod/layout.ts';
import { dataClaimSpec, ollamaClaimSpec } from './pvc.ts';

export function agentReplicas(input: BuildInput): number {
  if (input.spec.suspended) return 0;
  const hpa = input.spec.availability?.hpa;
  if (!hpa?.enabled) return 1;
  const min = hpa.minReplicas ?? 1;
  const max = hpa.maxReplicas ?? 3;
  const observed = input.context.observedReplicas;
  // A StatefulSet left at 0 by a suspension comes back at the HPA's minimum.
  return observed === undefined || observed < min ? min : Math.min(observed, max);
}

function claimTemplates(input: BuildInput): Json[] | undefined {
  if (!input.perReplicaClaims) return undefined;
  const template = (name: string, spec: Json, annotations?: Record<string, string>) => {
    const metadata: Json = { name, labels: labels(input.name, 'storage') };
    if (annotations && Object.keys(annotations).length) metadata['annotations'] = annotations;
    return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec };
  };
  const out = [template(VOLUME_DATA, dataClaimSpec(input), input.spec.storage?.annotations)];
  if (input.spec.ollama?.enabled && input.spec.ollama.storage) {
    out.push(template(VOLUME_OLLAMA, ollamaClaimSpec(input)));
  }
  return out;
}

export function statefulSetFrom(input: BuildInput, configHash = renderConfig(input).hash): KubeObject {
  const spec: Json = {
    replicas: agentReplicas(input),
    selector: { matchLabels: selectorLabels(input.name, 'agent') },
    serviceName: input.names.service,
    podManagementPolicy: 'OrderedReady',
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
    revisionHistoryLimit: 10,
    persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    template: agentPodTemplate(input, configHash),
  };
  const templates = claimTemplates(input);
  if (templates) spec['volumeClaimTemplates'] = templates;
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: objectMeta(input.names.statefulSet, input.namespace, labels(input.name, 'agent'), input.owner),
    spec,
  };
}

export const buildStatefulSet = fromInput((input) => statefulSetFrom(input));
