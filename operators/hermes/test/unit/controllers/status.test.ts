// Instance status computation: phases, conditions, flags, and stability (same input, same status).
import { describe, expect, it } from 'vitest';
import { computeInstanceStatus, computePhase } from '../../../src/controllers/status.ts';
import type { InstanceObservation } from '../../../src/controllers/status.ts';

const now = new Date('2026-05-12T10:00:00Z');
const later = new Date('2026-05-12T11:00:00Z');

function obs(over: Partial<InstanceObservation> = {}): InstanceObservation {
  return {
    generation: 3,
    suspended: false,
    resources: { reason: 'Applied', message: '8 children up to date.' },
    config: { reason: 'Rendered', message: 'ok' },
    secrets: { reason: 'Found', message: 'ok' },
    storage: { reason: 'Bound', message: 'ok' },
    profileStore: { reason: 'NotEnabled', message: 'ok' },
    monitoring: { reason: 'NotRequested', message: 'ok' },
    workload: { observed: true, desiredReplicas: 1, readyReplicas: 1, rollingOut: false },
    ...over,
  };
}

const notReady = { observed: true, desiredReplicas: 1, readyReplicas: 0, rollingOut: false };

describe('computePhase', () => {
  it('Running when every desired pod is Ready and nothing fails', () => {
    expect(computePhase(obs(), undefined).phase).toBe('Running');
  });
  it('Provisioning while the pod is not Ready on the way up', () => {
    expect(computePhase(obs({ workload: notReady }), 'Provisioning').phase).toBe('Provisioning');
    expect(computePhase(obs({ workload: undefined }), undefined).phase).toBe('Provisioning');
  });
  it('Degraded when a running pod loses readiness, but not during a rollout', () => {
    expect(computePhase(obs({ workload: notReady }), 'Running').phase).toBe('Degraded');
    expect(computePhase(obs({ workload: { ...notReady, rollingOut: true } }), 'Running').phase).toBe(
      'Provisioning',
    );
  });
  it('Degraded when the pod is Ready but a subsystem is False', () => {
    const p = computePhase(
      obs({ secrets: { reason: 'SecretNotFound', message: 'Secrets not found: x' } }),
      'Running',
    );
    expect(p).toEqual({ phase: 'Degraded', message: 'SecretsReady: Secrets not found: x' });
  });
  it('Pending while a referenced ConfigMap or existing claim is missing', () => {
    const p = computePhase(
      obs({ workload: notReady, config: { reason: 'ConfigMapNotFound', message: 'cm' } }),
      undefined,
    );
    expect(p.phase).toBe('Pending');
    expect(
      computePhase(obs({ workload: notReady, storage: { reason: 'ClaimNotFound', message: 'c' } }), undefined)
        .phase,
    ).toBe('Pending');
  });
  it('Suspended wins over readiness; Failed wins over everything', () => {
    expect(computePhase(obs({ suspended: true }), 'Running').phase).toBe('Suspended');
    expect(
      computePhase(obs({ suspended: true, workload: { ...notReady, desiredReplicas: 0 } }), 'Running')
        .message,
    ).toBe('Suspended: no agent pod runs.');
    expect(
      computePhase(
        obs({ suspended: true, resources: { reason: 'BuildFailed', message: 'bad', final: true } }),
        'Running',
      ).phase,
    ).toBe('Failed');
  });
});

describe('computeInstanceStatus', () => {
  it('writes one condition per subsystem with observedGeneration and flags', () => {
    const s = computeInstanceStatus(undefined, obs(), now);
    expect(s.phase).toBe('Running');
    expect(s.observedGeneration).toBe(3);
    expect(s.conditions?.map((c) => c.type)).toEqual([
      'Ready',
      'ResourcesReady',
      'ConfigReady',
      'SecretsReady',
      'StorageReady',
      'GatewayReady',
      'ProfileStoreReady',
      'MonitoringReady',
    ]);
    expect(s.conditions?.every((c) => c.observedGeneration === 3)).toBe(true);
    expect(s).toMatchObject({
      storageReady: true,
      configReady: true,
      secretsReady: true,
      gatewayReady: true,
      profileStoreReady: true,
      readyReplicas: 1,
    });
  });
  it('is stable: recomputing later from the same observation returns an equal status', () => {
    const first = computeInstanceStatus(undefined, obs(), now);
    expect(computeInstanceStatus(first, obs(), later)).toEqual(first);
  });
  it('moves lastTransitionTime only for conditions whose status changed', () => {
    const first = computeInstanceStatus(undefined, obs(), now);
    const next = computeInstanceStatus(first, obs({ workload: notReady }), later);
    const t = (s: typeof first, type: string) =>
      s.conditions?.find((c) => c.type === type)?.lastTransitionTime;
    expect(t(next, 'GatewayReady')).toBe('2026-05-12T11:00:00Z');
    expect(t(next, 'ConfigReady')).toBe('2026-05-12T10:00:00Z');
    expect(next.phase).toBe('Degraded');
  });
  it('keeps fields other controllers own and drops observations that went away', () => {
    const prev = { restoredFrom: 'snap-1', image: 'old', backup: { lastSnapshot: 'k' } };
    const s = computeInstanceStatus(prev, obs({ image: undefined }), now);
    expect(s.restoredFrom).toBe('snap-1');
    expect(s.backup).toEqual({ lastSnapshot: 'k' });
    expect(s.image).toBeUndefined();
  });
});
