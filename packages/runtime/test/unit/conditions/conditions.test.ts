import { describe, expect, it } from 'vitest';
import {
  allObserved,
  findCondition,
  formatTime,
  isFalse,
  isTrue,
  isUnknown,
  removeCondition,
  setCondition,
  setConditions,
} from '../../../src/conditions/conditions.ts';
import type { Condition } from '../../../src/conditions/conditions.ts';

const t0 = new Date('2026-03-01T10:00:00.123Z');
const t1 = new Date('2026-03-01T10:05:00Z');
const t2 = new Date('2026-03-01T10:10:00Z');

describe('setCondition', () => {
  it('adds a new condition with lastTransitionTime = now, in whole seconds', () => {
    const out = setCondition(
      undefined,
      { type: 'Ready', status: 'False', reason: 'Provisioning', observedGeneration: 1 },
      t0,
    );
    expect(out).toEqual([
      {
        type: 'Ready',
        status: 'False',
        observedGeneration: 1,
        lastTransitionTime: '2026-03-01T10:00:00Z',
        reason: 'Provisioning',
        message: '',
      },
    ]);
  });

  it('keeps lastTransitionTime when the status stays, updating reason, message and generation', () => {
    const a = setCondition(
      [],
      { type: 'Ready', status: 'False', reason: 'Provisioning', observedGeneration: 1 },
      t0,
    );
    const b = setCondition(
      a,
      { type: 'Ready', status: 'False', reason: 'WaitingForPods', message: '0/1', observedGeneration: 2 },
      t1,
    );
    expect(b[0]).toMatchObject({
      lastTransitionTime: '2026-03-01T10:00:00Z',
      reason: 'WaitingForPods',
      message: '0/1',
      observedGeneration: 2,
    });
  });

  it('moves lastTransitionTime when the status changes', () => {
    const a = setCondition([], { type: 'Ready', status: 'False', reason: 'Provisioning' }, t0);
    const b = setCondition(a, { type: 'Ready', status: 'True', reason: 'Running' }, t1);
    const c = setCondition(b, { type: 'Ready', status: 'True', reason: 'Running' }, t2);
    expect(b[0]?.lastTransitionTime).toBe('2026-03-01T10:05:00Z');
    expect(c[0]?.lastTransitionTime).toBe('2026-03-01T10:05:00Z');
    expect(c).toEqual(b); // nothing moved: a status write would be skipped
  });

  it('does not mutate its input and keeps the order of other conditions', () => {
    const input: Condition[] = setConditions(
      [],
      [
        { type: 'A', status: 'True', reason: 'R' },
        { type: 'B', status: 'True', reason: 'R' },
      ],
      t0,
    );
    const frozen = structuredClone(input);
    const out = setCondition(input, { type: 'A', status: 'False', reason: 'Broken' }, t1);
    expect(input).toEqual(frozen);
    expect(out.map((c) => [c.type, c.status])).toEqual([
      ['A', 'False'],
      ['B', 'True'],
    ]);
  });
});

describe('condition queries', () => {
  const conds = setConditions(
    [],
    [
      { type: 'Ready', status: 'True', reason: 'Running', observedGeneration: 3 },
      { type: 'StorageReady', status: 'False', reason: 'Pending', observedGeneration: 2 },
      { type: 'Backup', status: 'Unknown', reason: 'NotRun', observedGeneration: 3 },
    ],
    t0,
  );

  it('finds and tests conditions', () => {
    expect(findCondition(conds, 'Ready')?.reason).toBe('Running');
    expect(findCondition(conds, 'Nope')).toBeUndefined();
    expect(isTrue(conds, 'Ready')).toBe(true);
    expect(isFalse(conds, 'StorageReady')).toBe(true);
    expect(isUnknown(conds, 'Backup')).toBe(true);
    expect(isUnknown(conds, 'Nope')).toBe(true);
    expect(isTrue(undefined, 'Ready')).toBe(false);
  });

  it('with a generation, counts only conditions observed at that generation', () => {
    expect(isTrue(conds, 'Ready', 3)).toBe(true);
    expect(isTrue(conds, 'Ready', 4)).toBe(false);
    expect(isFalse(conds, 'StorageReady', 3)).toBe(false);
    expect(isUnknown(conds, 'StorageReady', 3)).toBe(true);
    expect(allObserved(conds, 3)).toBe(false);
    expect(allObserved(removeCondition(conds, 'StorageReady'), 3)).toBe(true);
  });

  it('formats metav1.Time without fractions', () => {
    expect(formatTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05Z');
  });
});
