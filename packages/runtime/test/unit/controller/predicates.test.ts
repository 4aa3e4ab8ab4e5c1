import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/client/types.ts';
import {
  and,
  annotationsChanged,
  generationChanged,
  labelsChanged,
  newPredicateFuncs,
  not,
  or,
  resourceVersionChanged,
} from '../../../src/controller/predicates.ts';
import type { Predicate } from '../../../src/controller/predicates.ts';

const o = (meta: Partial<KubeObject['metadata']>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'a', namespace: 'ns', ...meta },
});
const upd = (p: Predicate, a: Partial<KubeObject['metadata']>, b: Partial<KubeObject['metadata']>) =>
  p.update?.(o(a), o(b)) ?? true;

describe('predicates', () => {
  it('generationChanged passes creates and deletes, and updates only when generation moved', () => {
    expect(generationChanged.create?.(o({})) ?? true).toBe(true);
    expect(generationChanged.delete?.(o({})) ?? true).toBe(true);
    expect(upd(generationChanged, { generation: 1 }, { generation: 1, labels: { a: 'b' } })).toBe(false);
    expect(upd(generationChanged, { generation: 1 }, { generation: 2 })).toBe(true);
  });

  it('labelsChanged and annotationsChanged compare maps, treating absent as empty', () => {
    expect(upd(labelsChanged, {}, { labels: {} })).toBe(false);
    expect(upd(labelsChanged, { labels: { a: '1' } }, { labels: { a: '1' } })).toBe(false);
    expect(upd(labelsChanged, { labels: { a: '1' } }, { labels: { a: '2' } })).toBe(true);
    expect(upd(labelsChanged, { labels: { a: '1' } }, { labels: { b: '1' } })).toBe(true);
    expect(upd(annotationsChanged, { annotations: { a: '1' } }, {})).toBe(true);
    expect(upd(annotationsChanged, { labels: { a: '1' } }, {})).toBe(false);
  });

  it('resourceVersionChanged drops resyncs', () => {
    expect(upd(resourceVersionChanged, { resourceVersion: '5' }, { resourceVersion: '5' })).toBe(false);
    expect(upd(resourceVersionChanged, { resourceVersion: '5' }, { resourceVersion: '6' })).toBe(true);
  });

  it('or/and/not combine per event kind', () => {
    const either = or(generationChanged, labelsChanged);
    expect(upd(either, { generation: 1 }, { generation: 1, labels: { x: 'y' } })).toBe(true);
    expect(upd(either, { generation: 1 }, { generation: 1 })).toBe(false);
    const both = and(generationChanged, labelsChanged);
    expect(upd(both, { generation: 1 }, { generation: 2, labels: { x: 'y' } })).toBe(true);
    expect(upd(both, { generation: 1 }, { generation: 2 })).toBe(false);
    const neither = not(either);
    expect(upd(neither, { generation: 1 }, { generation: 1 })).toBe(true);
    // not() negates the default pass of creates too, as controller-runtime's Not does.
    expect(neither.create!(o({}))).toBe(false);
    expect(and().create!(o({}))).toBe(true);
    expect(or().create!(o({}))).toBe(false);
  });

  it('newPredicateFuncs applies one test to every event', () => {
    const managed = newPredicateFuncs((x) => x.metadata.labels?.['managed'] === 'yes');
    expect(managed.create!(o({ labels: { managed: 'yes' } }))).toBe(true);
    expect(managed.delete!(o({}))).toBe(false);
    expect(upd(managed, {}, { labels: { managed: 'yes' } })).toBe(true);
  });
});
