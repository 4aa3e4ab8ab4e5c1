// Properties of the merge that make a steady state possible: once the server holds the merged
// object, the same desired object merges with no change; and "no change" really sends the live
// object untouched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/client/types.ts';
import { defaultMergeRules, mergeObject } from '../../../src/apply/merge.ts';
import { ownedKeysByPrefix } from '../../../src/apply/owned-keys.ts';

// Keys chosen to hit every rule: atomic maps, quantities, one-ofs, identity fields. Labels (string
// maps by schema) come from `labelMap`, not from the free-form generator.
const keys = fc.constantFrom(
  'spec',
  'template',
  'containers',
  'name',
  'port',
  'data',
  'requests',
  'configMap',
  'secret',
  'emptyDir',
  'image',
  'replicas',
  'metadata',
  'mountPath',
  'x',
);
const scalar = fc.oneof(
  fc.constantFrom('1Gi', '1024Mi', '', 'a', 'b'),
  fc.integer({ min: 0, max: 3 }),
  fc.boolean(),
  fc.constant(null),
);
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(keys, tie('json'), { maxKeys: 4 }),
  ),
}));
const labelMap = fc.dictionary(
  fc.constantFrom('app.kubernetes.io/name', 'hermes.agent/x', 'team', 'other'),
  fc.constantFrom('a', 'b'),
  {
    maxKeys: 3,
  },
);

const object = (spec: unknown, labels: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Thing',
  metadata: { name: 'n', namespace: 'ns', labels },
  spec,
});

/** What JSON on the wire keeps: undefined members go. */
const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const rules = { ...defaultMergeRules, ownedKey: ownedKeysByPrefix(['hermes.agent/', 'app.kubernetes.io/']) };

describe('mergeObject properties', () => {
  it('is idempotent: merging again over the merged object changes nothing', () => {
    fc.assert(
      fc.property(json, labelMap, json, labelMap, (curSpec, curLabels, desSpec, desLabels) => {
        const current = wire(object(curSpec, curLabels));
        const desired = object(desSpec, desLabels);
        const once = wire(mergeObject(current, desired, rules).object);
        const twice = mergeObject(once, desired, rules);
        expect(twice.changed).toBe(false);
      }),
      { numRuns: Number(process.env['MERGE_PROPERTY_RUNS'] ?? 1000) },
    );
  });

  it('returns the live object itself exactly when it reports no change', () => {
    fc.assert(
      fc.property(json, labelMap, json, labelMap, (curSpec, curLabels, desSpec, desLabels) => {
        const current = wire(object(curSpec, curLabels));
        const before = structuredClone(current);
        const { object: merged, changed } = mergeObject(current, object(desSpec, desLabels), rules);
        expect(current).toEqual(before); // never mutates the cache's object
        if (!changed) expect(merged).toBe(current);
      }),
      { numRuns: Number(process.env['MERGE_PROPERTY_RUNS'] ?? 1000) },
    );
  });
});
