// PodDisruptionBudget <name>: always when more than one replica can run (an HPA with
// maxReplicas > 1), or when availability.pdb.enabled. maxUnavailable 1 unless set.
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta, selectorLabels } from './meta.ts';

export function pdbFrom(input: BuildInput): KubeObject | undefined {
  const av = input.spec.availability;
  const multi = Boolean(av?.hpa?.enabled && (av.hpa.maxReplicas ?? 3) > 1);
  if (!av?.pdb?.enabled && !multi) return undefined;
  const spec: Json = { selector: { matchLabels: selectorLabels(input.name, 'agent') } };
  if (av?.pdb?.minAvailable !== undefined) spec['minAvailable'] = av.pdb.minAvailable;
  else spec['maxUnavailable'] = av?.pdb?.maxUnavailable ?? 1;
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: objectMeta(input.names.pdb, input.namespace, labels(input.name, 'availability'), input.owner),
    spec,
  };
}

export const buildPdb = fromInput(pdbFrom);
