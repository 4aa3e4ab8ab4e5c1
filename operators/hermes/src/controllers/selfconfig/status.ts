// HermesSelfConfig status for each outcome, computed without a server.
import { findCondition, setConditions } from '@agent-operators/runtime/conditions';
import type { ConditionInput } from '@agent-operators/runtime/conditions';
import { formatTime } from '@agent-operators/runtime/conditions';
import type { HermesSelfConfigResource, HermesSelfConfigStatus } from '../../api/v1/hermes-self-config.ts';
import { SELFCONFIG_CONDITIONS, statusOf } from '../conditions.ts';
import type { SelfConfigConditionType, SelfConfigReason } from '../conditions.ts';
import type { DenyReason } from './policy.ts';

export type Outcome =
  | { kind: 'pending'; reason: 'InstanceNotFound'; message: string }
  | { kind: 'applied'; skippedFields: string[] }
  | { kind: 'denied'; reason: DenyReason; message: string }
  | { kind: 'failed'; reason: 'ApplyFailed' | 'ActionUnsupported'; message: string };

function cond<T extends SelfConfigConditionType>(
  type: T,
  reason: SelfConfigReason<T>,
  message: string,
  generation: number | undefined,
): ConditionInput {
  return {
    type,
    status: statusOf(SELFCONFIG_CONDITIONS, type, reason),
    reason,
    message,
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
  };
}

export function selfConfigStatus(
  obj: HermesSelfConfigResource,
  outcome: Outcome,
  now: Date,
): HermesSelfConfigStatus {
  const gen = obj.metadata.generation;
  const prev = obj.status ?? {};
  const done = (msg: string) => cond('Pending', 'Done', msg, gen);
  let inputs: ConditionInput[];
  const status: HermesSelfConfigStatus = { ...(gen !== undefined ? { observedGeneration: gen } : {}) };
  switch (outcome.kind) {
    case 'pending':
      inputs = [
        cond('Pending', outcome.reason, outcome.message, gen),
        cond('Applied', 'NotApplied', 'Waiting for the instance.', gen),
      ];
      status.phase = 'Pending';
      break;
    case 'applied':
      inputs = [
        done('Applied.'),
        cond(
          'Applied',
          'Applied',
          outcome.skippedFields.length
            ? `Applied; ${outcome.skippedFields.length} field(s) owned by another manager were skipped.`
            : 'Applied with server-side apply (field manager hermes.agent/selfconfig).',
          gen,
        ),
        cond('Denied', 'Allowed', 'The request passed the selfConfigure policy.', gen),
      ];
      status.phase = 'Applied';
      status.appliedAt = prev.appliedAt ?? formatTime(now);
      if (outcome.skippedFields.length) status.skippedFields = [...new Set(outcome.skippedFields)].sort();
      break;
    case 'denied':
      inputs = [
        done('Denied.'),
        cond('Applied', 'NotApplied', 'Denied by policy.', gen),
        cond('Denied', outcome.reason, outcome.message, gen),
      ];
      status.phase = 'Denied';
      status.denyReason = outcome.message;
      break;
    case 'failed':
      inputs = [
        done('Failed.'),
        cond('Applied', outcome.reason, outcome.message, gen),
        cond('Denied', 'Allowed', 'The request passed the selfConfigure policy.', gen),
      ];
      status.phase = 'Failed';
      break;
  }
  status.conditions = setConditions(prev.conditions, inputs, now);
  return status;
}

/** When a finished request finished (the Pending condition turned False), or undefined while open. */
export function finishedAt(obj: HermesSelfConfigResource): Date | undefined {
  const phase = obj.status?.phase;
  if (phase !== 'Applied' && phase !== 'Denied' && phase !== 'Failed') return undefined;
  if (obj.status?.observedGeneration !== obj.metadata.generation) return undefined;
  const pending = findCondition(obj.status?.conditions, 'Pending');
  const at = pending?.status === 'False' ? pending.lastTransitionTime : obj.status?.appliedAt;
  return at ? new Date(at) : undefined;
}
