// HermesClusterDefaults status, computed without a server: Ready says whether the defaults are in use.
import { setCondition } from '@agent-operators/runtime/conditions';
import type {
  HermesClusterDefaultsResource,
  HermesClusterDefaultsStatus,
} from '../../api/v1/hermes-cluster-defaults.ts';
import { formatErrors, validateHermesClusterDefaults } from '../../api/v1/validation.ts';
import { CLUSTER_DEFAULTS_NAME } from '../constants.ts';
import { CLUSTERDEFAULTS_CONDITIONS, statusOf } from '../conditions.ts';

type Reason = keyof (typeof CLUSTERDEFAULTS_CONDITIONS)['Ready']['reasons'];

/** Whether the instance controller should use these defaults. */
export function defaultsUsable(obj: HermesClusterDefaultsResource): boolean {
  return obj.metadata.name === CLUSTER_DEFAULTS_NAME && validateHermesClusterDefaults(obj).length === 0;
}

export function clusterDefaultsStatus(
  obj: HermesClusterDefaultsResource,
  now: Date,
): HermesClusterDefaultsStatus {
  let reason: Reason = 'Accepted';
  let message = 'Instances that leave a field unset get it from these defaults.';
  if (obj.metadata.name !== CLUSTER_DEFAULTS_NAME) {
    reason = 'NotSingleton';
    message = `Only the HermesClusterDefaults named ${CLUSTER_DEFAULTS_NAME} is used.`;
  } else {
    const errors = validateHermesClusterDefaults(obj);
    if (errors.length > 0) {
      reason = 'InvalidSpec';
      message = formatErrors(errors).slice(0, 4000);
    }
  }
  const generation = obj.metadata.generation;
  const conditions = setCondition(
    obj.status?.conditions,
    {
      type: 'Ready',
      status: statusOf(CLUSTERDEFAULTS_CONDITIONS, 'Ready', reason),
      reason,
      message,
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
    },
    now,
  );
  return {
    ...obj.status,
    conditions,
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
  };
}
