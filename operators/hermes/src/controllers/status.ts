// HermesInstance status from what a reconcile observed: phase, one condition per subsystem,
// readiness flags, observedGeneration. Pure and deterministic (no timestamps in messages), so a
// steady state computes the same status and the controller writes nothing.
import { setConditions } from '@agent-operators/runtime/conditions';
import type { ConditionInput } from '@agent-operators/runtime/conditions';
import type { HermesInstanceStatus } from '../api/v1/hermes-instance.ts';
import { INSTANCE_CONDITIONS, statusOf } from './conditions.ts';
import type { InstanceConditionType, InstanceReason } from './conditions.ts';

export type Phase = NonNullable<HermesInstanceStatus['phase']>;

/** A subsystem's verdict: a catalogued reason and a message. */
export interface Verdict<T extends InstanceConditionType> {
  reason: InstanceReason<T>;
  message: string;
}

export interface WorkloadObservation {
  /** The StatefulSet controller has seen the current spec (status.observedGeneration >= generation). */
  observed: boolean;
  desiredReplicas: number;
  readyReplicas: number;
  /** A rollout is in progress (currentRevision differs from updateRevision). */
  rollingOut: boolean;
}

export interface InstanceObservation {
  generation: number | undefined;
  suspended: boolean;
  /** Children applied, or why not. `final`: retrying cannot help until the spec changes. */
  resources: Verdict<'ResourcesReady'> & { final?: boolean };
  config: Verdict<'ConfigReady'>;
  secrets: Verdict<'SecretsReady'>;
  storage: Verdict<'StorageReady'>;
  profileStore: Verdict<'ProfileStoreReady'>;
  monitoring: Verdict<'MonitoringReady'>;
  /** Undefined when the StatefulSet could not be built or read. */
  workload: WorkloadObservation | undefined;
  image?: string;
  version?: string;
  endpoints?: HermesInstanceStatus['endpoints'];
  managedResources?: Record<string, string>;
}

function cond<T extends InstanceConditionType>(
  type: T,
  verdict: Verdict<T>,
  generation: number | undefined,
): ConditionInput {
  return {
    type,
    status: statusOf(INSTANCE_CONDITIONS, type, verdict.reason),
    reason: verdict.reason,
    message: verdict.message,
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
  };
}

const isTrue = <T extends InstanceConditionType>(type: T, v: Verdict<T>) =>
  statusOf(INSTANCE_CONDITIONS, type, v.reason) === 'True';

function gatewayVerdict(obs: InstanceObservation): Verdict<'GatewayReady'> {
  if (obs.suspended) return { reason: 'Suspended', message: 'spec.suspended is true.' };
  const w = obs.workload;
  if (w && w.desiredReplicas > 0 && w.readyReplicas >= w.desiredReplicas) {
    return { reason: 'PodReady', message: `${w.readyReplicas}/${w.desiredReplicas} agent pods Ready.` };
  }
  return {
    reason: 'PodNotReady',
    message: w
      ? `${w.readyReplicas}/${w.desiredReplicas} agent pods Ready.`
      : 'The StatefulSet does not exist yet.',
  };
}

/** The first subsystem that is False, for the Degraded message. */
function failingSubsystem(obs: InstanceObservation): string | undefined {
  if (!isTrue('ConfigReady', obs.config)) return `ConfigReady: ${obs.config.message}`;
  if (!isTrue('SecretsReady', obs.secrets)) return `SecretsReady: ${obs.secrets.message}`;
  if (!isTrue('StorageReady', obs.storage)) return `StorageReady: ${obs.storage.message}`;
  if (!isTrue('ProfileStoreReady', obs.profileStore)) return `ProfileStoreReady: ${obs.profileStore.message}`;
  if (!isTrue('ResourcesReady', obs.resources)) return `ResourcesReady: ${obs.resources.message}`;
  return undefined;
}

/** Prerequisites the pod cannot start without: provisioning waits for them. */
function blockedOn(obs: InstanceObservation): string | undefined {
  if (obs.config.reason === 'ConfigMapNotFound') return obs.config.message;
  if (obs.storage.reason === 'ClaimNotFound') return obs.storage.message;
  return undefined;
}

export function computePhase(
  obs: InstanceObservation,
  previous: Phase | undefined,
): { phase: Phase; message: string } {
  if (obs.resources.final) return { phase: 'Failed', message: obs.resources.message };
  if (obs.suspended) {
    const left = obs.workload?.readyReplicas ?? 0;
    return {
      phase: 'Suspended',
      message: left > 0 ? `Suspended; ${left} pod(s) still stopping.` : 'Suspended: no agent pod runs.',
    };
  }
  const gateway = gatewayVerdict(obs);
  const failing = failingSubsystem(obs);
  if (gateway.reason === 'PodReady') {
    return failing ? { phase: 'Degraded', message: failing } : { phase: 'Running', message: gateway.message };
  }
  const blocked = blockedOn(obs);
  if (blocked) return { phase: 'Pending', message: blocked };
  const wasServing = previous === 'Running' || previous === 'Degraded';
  if (wasServing && !obs.workload?.rollingOut) {
    return { phase: 'Degraded', message: failing ?? `The agent pod is not Ready: ${gateway.message}` };
  }
  return { phase: 'Provisioning', message: failing ?? `Waiting for the agent pod: ${gateway.message}` };
}

const READY_REASON: Record<Phase, InstanceReason<'Ready'> | undefined> = {
  Running: 'Running',
  Provisioning: 'Provisioning',
  Pending: 'Pending',
  Degraded: 'Degraded',
  Suspended: 'Suspended',
  Failed: 'Failed',
  BackingUp: undefined,
  Restoring: undefined,
  Updating: undefined,
  Terminating: undefined,
};

export function computeInstanceStatus(
  previous: HermesInstanceStatus | undefined,
  obs: InstanceObservation,
  now: Date,
): HermesInstanceStatus {
  const prev = previous ?? {};
  const gen = obs.generation;
  const { phase, message } = computePhase(obs, prev.phase);
  const gateway = gatewayVerdict(obs);
  const ready: Verdict<'Ready'> = { reason: READY_REASON[phase] ?? 'Provisioning', message };
  const conditions = setConditions(
    prev.conditions,
    [
      cond('Ready', ready, gen),
      cond('ResourcesReady', obs.resources, gen),
      cond('ConfigReady', obs.config, gen),
      cond('SecretsReady', obs.secrets, gen),
      cond('StorageReady', obs.storage, gen),
      cond('GatewayReady', gateway, gen),
      cond('ProfileStoreReady', obs.profileStore, gen),
      cond('MonitoringReady', obs.monitoring, gen),
    ],
    now,
  );
  const status: HermesInstanceStatus = {
    // Fields other controllers own (backup, auto-update, restore, migration) are carried over.
    ...prev,
    phase,
    conditions,
    storageReady: isTrue('StorageReady', obs.storage),
    configReady: isTrue('ConfigReady', obs.config),
    secretsReady: isTrue('SecretsReady', obs.secrets),
    gatewayReady: gateway.reason === 'PodReady',
    profileStoreReady: isTrue('ProfileStoreReady', obs.profileStore),
    readyReplicas: obs.workload?.readyReplicas ?? 0,
  };
  if (gen !== undefined) status.observedGeneration = gen;
  const optional = {
    image: obs.image,
    version: obs.version,
    endpoints: obs.endpoints,
    managedResources: obs.managedResources,
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v === undefined) delete (status as Record<string, unknown>)[k];
    else (status as Record<string, unknown>)[k] = v;
  }
  return status;
}
