import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { SchemaConversionError, toStructural } from '../../../src/crd/to-structural.ts';
import { intOrString, preserveUnknown, withK8s } from '../../../src/crd/k8s-extensions.ts';

describe('toStructural', () => {
  it('keeps OpenAPI keywords and drops $id/$schema', () => {
    const out = toStructural({
      $id: 'x',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'string',
      description: 'd',
      minLength: 1,
      maxLength: 5,
      pattern: '^a',
      format: 'hostname',
      default: 'abc',
    });
    expect(out).toEqual({
      default: 'abc',
      description: 'd',
      format: 'hostname',
      maxLength: 5,
      minLength: 1,
      pattern: '^a',
      type: 'string',
    });
  });

  it('turns a union of literals into a typed enum and keeps the default', () => {
    const s = Type.Union([Type.Literal('a'), Type.Literal('b')], { default: 'a', description: 'mode' });
    expect(toStructural(s)).toEqual({ default: 'a', description: 'mode', enum: ['a', 'b'], type: 'string' });
  });

  it('types a bare Type.Enum and a const', () => {
    expect(toStructural(Type.Enum(['x', 'y']))).toEqual({ enum: ['x', 'y'], type: 'string' });
    expect(toStructural(Type.Literal(3))).toEqual({ enum: [3], type: 'number' });
  });

  it('folds null branches into nullable', () => {
    expect(toStructural(Type.Union([Type.String(), Type.Null()]))).toEqual({
      nullable: true,
      type: 'string',
    });
    expect(toStructural({ type: ['integer', 'null'] })).toEqual({ nullable: true, type: 'integer' });
  });

  it('converts numeric exclusive bounds to OpenAPI v3 booleans', () => {
    expect(toStructural(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }))).toEqual({
      exclusiveMaximum: true,
      exclusiveMinimum: true,
      maximum: 1,
      minimum: 0,
      type: 'number',
    });
  });

  it('maps objects: required from Optional, Record to additionalProperties, closed objects opened', () => {
    const s = Type.Object(
      { a: Type.String(), b: Type.Optional(Type.Record(Type.String(), Type.Integer())) },
      { additionalProperties: false },
    );
    expect(toStructural(s)).toEqual({
      properties: {
        a: { type: 'string' },
        b: { additionalProperties: { type: 'integer' }, type: 'object' },
      },
      required: ['a'],
      type: 'object',
    });
  });

  it('turns Unknown into preserve-unknown-fields and additionalProperties: true likewise', () => {
    expect(toStructural(Type.Unknown())).toEqual({ 'x-kubernetes-preserve-unknown-fields': true });
    expect(toStructural({ type: 'object', additionalProperties: true })).toEqual({
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
    });
  });

  it('passes x-kubernetes extensions through, including CEL rules', () => {
    const s = withK8s(Type.Array(Type.Object({ name: Type.String() }), { maxItems: 4 }), {
      listType: 'map',
      listMapKeys: ['name'],
      validations: [{ rule: 'size(self) > 0', message: 'm', reason: 'FieldValueRequired', fieldPath: '.x' }],
    });
    const out = toStructural(s);
    expect(out['x-kubernetes-list-type']).toBe('map');
    expect(out['x-kubernetes-list-map-keys']).toEqual(['name']);
    expect(out['x-kubernetes-validations']).toEqual([
      { fieldPath: '.x', message: 'm', reason: 'FieldValueRequired', rule: 'size(self) > 0' },
    ]);
    expect(preserveUnknown({ description: 'p' })).toMatchObject({
      'x-kubernetes-preserve-unknown-fields': true,
    });
  });

  it('expresses integer|string as int-or-string', () => {
    expect(toStructural(intOrString({ description: 'port' }))).toEqual({
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      description: 'port',
      'x-kubernetes-int-or-string': true,
    });
  });

  it('merges an intersection of objects', () => {
    const s = Type.Intersect([
      Type.Object({ a: Type.String() }),
      Type.Object({ b: Type.Optional(Type.Boolean()) }),
    ]);
    expect(toStructural(s)).toEqual({
      properties: { a: { type: 'string' }, b: { type: 'boolean' } },
      required: ['a'],
      type: 'object',
    });
  });

  it('refuses what a CRD cannot express, naming the path', () => {
    const s = Type.Object({ spec: Type.Object({ pair: Type.Tuple([Type.String(), Type.Number()]) }) });
    expect(() => toStructural(s)).toThrow(SchemaConversionError);
    expect(() => toStructural(s)).toThrow(/spec\.pair/);
    const union = Type.Object({ x: Type.Union([Type.String(), Type.Object({ a: Type.String() })]) });
    expect(() => toStructural(union)).toThrow(/^x: anyOf of differently shaped types/);
  });

  it('drops unsupported keywords under the drop policy', () => {
    expect(
      toStructural(
        { type: 'array', items: { type: 'string' }, contains: { const: 'a' } },
        { unsupported: 'drop' },
      ),
    ).toEqual({
      items: { type: 'string' },
      type: 'array',
    });
  });

  it('sorts keys at every level so output is stable', () => {
    const a = toStructural(Type.Object({ z: Type.String(), a: Type.String() }));
    expect(Object.keys(a.properties ?? {})).toEqual(['a', 'z']);
    expect(Object.keys(a)).toEqual(['properties', 'required', 'type']);
  });

  it('keeps TypeBox optional markers through withK8s', () => {
    const s = Type.Object({ x: withK8s(Type.Optional(Type.Array(Type.String())), { listType: 'set' }) });
    expect(toStructural(s).required).toBeUndefined();
  });
});
