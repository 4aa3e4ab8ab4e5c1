import { describe, expect, it } from 'vitest';
import {
  checkStructural,
  StructuralSchemaError,
  structuralViolations,
} from '../../../src/crd/structural-check.ts';
import type { JSONSchemaProps } from '../../../src/crd/types.ts';

const obj = (properties: Record<string, JSONSchemaProps>, extra: JSONSchemaProps = {}): JSONSchemaProps => ({
  type: 'object',
  properties,
  ...extra,
});

function violations(spec: JSONSchemaProps): string[] {
  return structuralViolations(obj({ spec }));
}

describe('structural schema check', () => {
  it('accepts a well-formed schema', () => {
    const good = obj({
      metadata: obj({ name: { type: 'string', maxLength: 63 } }),
      spec: obj(
        {
          size: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
          raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          env: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
            items: obj({ name: { type: 'string' }, value: { type: 'string' } }, { required: ['name'] }),
          },
          modes: {
            type: 'array',
            items: { type: 'string' },
            'x-kubernetes-list-type': 'set',
            default: ['a'],
          },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          one: {
            type: 'object',
            properties: { a: { type: 'string' }, b: { type: 'string' } },
            oneOf: [{ required: ['a'] }, { required: ['b'] }],
          },
        },
        { 'x-kubernetes-validations': [{ rule: 'self.size != 0', message: 'x' }] },
      ),
    });
    expect(() => checkStructural(good)).not.toThrow();
  });

  it('names the path of a node without a type', () => {
    const v = violations(obj({ storage: obj({ size: { description: 'no type' } }) }));
    expect(v).toEqual([
      'spec.storage.size: must have a type (or x-kubernetes-preserve-unknown-fields / x-kubernetes-int-or-string)',
    ]);
    expect(() => checkStructural(obj({ spec: obj({ x: {} }) }))).toThrow(StructuralSchemaError);
    expect(() => checkStructural(obj({ spec: obj({ x: {} }) }))).toThrow(/spec\.x: must have a type/);
  });

  it('names list items and map values in paths', () => {
    expect(violations(obj({ l: { type: 'array', items: {} } }))[0]).toMatch(
      /^spec\.l\[\*\]: must have a type/,
    );
    expect(violations(obj({ m: { type: 'object', additionalProperties: {} } }))[0]).toMatch(
      /^spec\.m\.\*: must have a type/,
    );
  });

  it('rejects properties together with additionalProperties, and boolean additionalProperties', () => {
    expect(
      violations(obj({ a: { type: 'string' } }, { additionalProperties: { type: 'string' } })),
    ).toContain('spec: properties and additionalProperties are mutually exclusive');
    expect(violations({ type: 'object', additionalProperties: false })[0]).toMatch(
      /booleans are not structural/,
    );
  });

  it('rejects type, description and defaults inside junctors, and fields only specified there', () => {
    const v = violations(
      obj({ a: { type: 'string' } }, { anyOf: [{ type: 'object', properties: { b: { type: 'string' } } }] }),
    );
    expect(v).toContain("spec<anyOf[0]>: 'type' is not allowed inside allOf/anyOf/oneOf/not");
    expect(v).toContain("spec: field 'b' inside anyOf is not specified outside it");
  });

  it('checks defaults: type, enum, pruning, required, and never in metadata or the root', () => {
    expect(violations(obj({ n: { type: 'integer', default: 'x' } }))).toEqual([
      'spec.n: default has type string, expected integer',
    ]);
    expect(violations(obj({ e: { type: 'string', enum: ['a'], default: 'b' } }))[0]).toMatch(
      /spec\.e: default "b" is not one of/,
    );
    expect(violations(obj({ o: obj({ a: { type: 'string' } }, { default: { b: 1 } }) }))).toEqual([
      "spec.o: default has field 'b' that pruning would drop",
    ]);
    expect(
      violations(obj({ o: obj({ a: { type: 'string' } }, { required: ['a'], default: {} }) }))[0],
    ).toMatch(/lacks required field 'a'/);
    expect(
      violations(obj({ o: obj({ a: { type: 'string', default: 'x' } }, { required: ['a'], default: {} }) })),
    ).toEqual([]);
    expect(
      structuralViolations(obj({ metadata: obj({ name: { type: 'string', default: 'x' } }) })),
    ).toContain("metadata.name: 'default' is not allowed in metadata");
    expect(structuralViolations({ type: 'object', default: {} })).toContain(
      '<root>: default is not allowed at the root',
    );
  });

  it('allows only name/generateName restrictions in metadata', () => {
    const v = structuralViolations(obj({ metadata: obj({ labels: { type: 'object' } }) }));
    expect(v).toContain('metadata.labels: only metadata.name and metadata.generateName may be specified');
  });

  it('checks list types and map keys', () => {
    const items = obj({ name: { type: 'string' } });
    expect(violations(obj({ l: { type: 'array', items, 'x-kubernetes-list-type': 'map' } }))).toContain(
      'spec.l: list-type map needs x-kubernetes-list-map-keys',
    );
    expect(
      violations(
        obj({
          l: {
            type: 'array',
            items,
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
          },
        }),
      ),
    ).toContain("spec.l: list map key 'name' must be required or have a default");
    expect(violations(obj({ l: { type: 'array', items, 'x-kubernetes-list-type': 'set' } }))).toContain(
      'spec.l: list-type set needs scalar (or atomic) items',
    );
    expect(violations(obj({ s: { type: 'string', 'x-kubernetes-list-type': 'set' } }))).toContain(
      'spec.s: x-kubernetes-list-type needs type array',
    );
    expect(
      violations(obj({ l: { type: 'array', items: { type: 'string' }, uniqueItems: true } }))[0],
    ).toMatch(/uniqueItems/);
  });

  it('checks CEL rule entries', () => {
    const v = violations(
      obj(
        {},
        {
          'x-kubernetes-validations': [
            { rule: ' ' },
            { rule: 'x', reason: 'Nope' as 'FieldValueInvalid', fieldPath: 'spec' },
          ],
        },
      ),
    );
    expect(v).toEqual([
      'spec: x-kubernetes-validations[0] needs a non-empty rule',
      "spec: x-kubernetes-validations[1]: unknown reason 'Nope'",
      "spec: x-kubernetes-validations[1]: fieldPath 'spec' must be a relative path such as .spec.field",
    ]);
  });

  it('rejects keywords Kubernetes does not know', () => {
    expect(violations(obj({ c: { type: 'string', const: 'a' } as JSONSchemaProps }))).toContain(
      "spec.c: keyword 'const' is not allowed in a CRD schema",
    );
  });
});
