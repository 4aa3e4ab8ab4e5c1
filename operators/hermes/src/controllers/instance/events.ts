// Kubernetes Events a cluster operator wants from an instance: children created, drift reverted,
// children pruned, failures, and phase changes (suspended, resumed, running, degraded, failed).
// One Event per kind of outcome per reconcile (not one per child), to keep the API traffic low.
import type { EventRecorder } from '@agent-operators/runtime/events';
import type { HermesInstanceResource, HermesInstanceStatus } from '../../api/v1/hermes-instance.ts';
import type { ApplyOutcome } from './children.ts';

const list = (items: readonly string[]): string =>
  items.length > 12 ? `${items.slice(0, 12).join(', ')} and ${items.length - 12} more` : items.join(', ');

export function recordOutcomeEvents(
  recorder: EventRecorder,
  inst: HermesInstanceResource,
  previousPhase: string | undefined,
  status: HermesInstanceStatus,
  outcome: ApplyOutcome,
  pruned: readonly string[],
  failureMessage: string,
): void {
  if (outcome.created.length > 0) {
    recorder.record(inst, {
      type: 'Normal',
      reason: 'Created',
      action: 'Create',
      note: `Created ${list(outcome.created)}`,
    });
  }
  if (outcome.updated.length > 0) {
    recorder.record(inst, {
      type: 'Normal',
      reason: 'Updated',
      action: 'Update',
      note: `Updated ${list(outcome.updated)} to the desired state`,
    });
  }
  if (pruned.length > 0) {
    recorder.record(inst, {
      type: 'Normal',
      reason: 'Deleted',
      action: 'Delete',
      note: `Deleted ${list([...pruned])}: no longer desired`,
    });
  }
  if (failureMessage) {
    recorder.record(inst, {
      type: 'Warning',
      reason: 'ReconcileFailed',
      action: 'Reconcile',
      note: failureMessage,
    });
  }
  const phase = status.phase;
  if (phase === previousPhase) return;
  const message = status.conditions?.find((c) => c.type === 'Ready')?.message ?? '';
  if (phase === 'Suspended') {
    recorder.record(inst, {
      type: 'Normal',
      reason: 'Suspended',
      action: 'Suspend',
      note: 'Scaled to zero (spec.suspended).',
    });
  } else if (previousPhase === 'Suspended') {
    recorder.record(inst, {
      type: 'Normal',
      reason: 'Resumed',
      action: 'Resume',
      note: 'spec.suspended cleared; starting the agent.',
    });
  }
  if (phase === 'Running') {
    recorder.record(inst, { type: 'Normal', reason: 'Running', action: 'Reconcile', note: message });
  } else if (phase === 'Degraded' || phase === 'Failed') {
    recorder.record(inst, { type: 'Warning', reason: phase, action: 'Reconcile', note: message });
  }
}
