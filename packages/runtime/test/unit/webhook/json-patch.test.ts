import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, createJsonPatch } from '../../../src/webhook/index.ts';

describe('createJsonPatch', () => {
  it('adds, replaces and removes object members with escaped pointers', () => {
    const original = { metadata: { labels: { a: '1', 'x/y': 'old' }, annotations: { gone: 'yes' } } };
    const mutated = { metadata: { labels: { a: '2', 'x/y': 'old', 'b~c': 'new' } } };
    expect(createJsonPatch(original, mutated)).toEqual([
      { op: 'replace', path: '/metadata/labels/a', value: '2' },
      { op: 'add', path: '/metadata/labels/b~0c', value: 'new' },
      { op: 'remove', path: '/metadata/annotations' },
    ]);
    expect(createJsonPatch({ 'a/b': 1 }, { 'a/b': 2 })).toEqual([{ op: 'replace', path: '/a~1b', value: 2 }]);
  });

  it('shrinks arrays from the end and grows them by index', () => {
    expect(createJsonPatch({ l: [1, 2, 3, 4] }, { l: [1, 5] })).toEqual([
      { op: 'replace', path: '/l/1', value: 5 },
      { op: 'remove', path: '/l/3' },
      { op: 'remove', path: '/l/2' },
    ]);
    expect(createJsonPatch({ l: [1] }, { l: [1, { a: 1 }, 3] })).toEqual([
      { op: 'add', path: '/l/1', value: { a: 1 } },
      { op: 'add', path: '/l/2', value: 3 },
    ]);
  });

  it('treats undefined members as absent, replaces on type change, and is empty for equal values', () => {
    expect(createJsonPatch({ a: 1, b: undefined }, { a: 1, c: undefined })).toEqual([]);
    expect(createJsonPatch({ a: { b: 1 } }, { a: [1] })).toEqual([{ op: 'replace', path: '/a', value: [1] }]);
    expect(createJsonPatch({ a: null }, { a: {} })).toEqual([{ op: 'replace', path: '/a', value: {} }]);
    const doc = { spec: { containers: [{ name: 'x', env: [{ name: 'A', value: 'b' }] }] } };
    expect(createJsonPatch(doc, structuredClone(doc))).toEqual([]);
  });

  it('ignores inherited members and keeps __proto__ as data', () => {
    const a = JSON.parse('{"toString":null,"__proto__":{"x":1}}') as unknown;
    const b = JSON.parse('{"__proto__":{"x":2},"valueOf":3}') as unknown;
    const patch = createJsonPatch(a, b);
    expect(patch).toEqual([
      { op: 'remove', path: '/toString' },
      { op: 'replace', path: '/__proto__/x', value: 2 },
      { op: 'add', path: '/valueOf', value: 3 },
    ]);
    expect(applyJsonPatch(a, patch)).toEqual(b);
  });

  it('does not alias values of the mutated object', () => {
    const mutated = { a: { deep: [1] } };
    const patch = createJsonPatch({}, mutated);
    mutated.a.deep.push(2);
    expect(patch).toEqual([{ op: 'add', path: '/a', value: { deep: [1] } }]);
  });

  it('applying the diff yields the mutated document (property)', () => {
    const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(applyJsonPatch(a, createJsonPatch(a, b))).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });

  it('applying the diff of an object and its edited copy yields the copy (property)', () => {
    const obj = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(obj, obj, obj, (base, add, over) => {
        const a = JSON.parse(JSON.stringify({ ...base, nested: base })) as unknown;
        const b = JSON.parse(JSON.stringify({ ...base, ...over, nested: { ...base, ...add } })) as unknown;
        expect(applyJsonPatch(a, createJsonPatch(a, b))).toEqual(b);
      }),
      { numRuns: 150 },
    );
  });
});

describe('applyJsonPatch', () => {
  it('rejects a failing test operation and a missing path', () => {
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toThrow(/test failed/);
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'remove', path: '/b' }])).toThrow(/not found/);
    expect(applyJsonPatch({ l: [1] }, [{ op: 'add', path: '/l/-', value: 2 }])).toEqual({ l: [1, 2] });
  });
});
