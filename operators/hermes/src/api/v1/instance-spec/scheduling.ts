// spec.scheduling: where the pod runs.
import { Type } from 'typebox';
import { preserveUnknown } from '@agent-operators/runtime/crd';
import { list, obj, stringMap } from '../common.ts';

export const SchedulingSpec = obj(
  'Pod placement. Unset fields come from HermesClusterDefaults spec.scheduling.',
  {
    nodeSelector: Type.Optional(stringMap('Node labels the pod requires.')),
    tolerations: Type.Optional(
      list(preserveUnknown({ description: 'A core/v1 Toleration.' }), 'Tolerations.', 32),
    ),
    affinity: Type.Optional(
      preserveUnknown({ description: 'A core/v1 Affinity (node, pod and anti-affinity).' }),
    ),
    priorityClassName: Type.Optional(
      Type.String({ description: 'PriorityClass of the pod.', maxLength: 253 }),
    ),
    runtimeClassName: Type.Optional(
      Type.String({ description: 'RuntimeClass of the pod (e.g. gvisor).', maxLength: 253 }),
    ),
  },
);
