import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/client/types.ts';
import { convertEach, parseConversionReview, reviewConversion } from '../../../src/webhook/index.ts';
import { conversionReview, quietContext } from './fixtures.ts';

const widget = (apiVersion: string, name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion,
  kind: 'Widget',
  metadata: { name, namespace: 'ns', uid: `uid-${name}` },
  spec,
});

// v1 spec.size (number) <-> v2 spec.dimensions.size (string)
const converter = convertEach((obj, desired) => {
  const spec = obj['spec'] as Record<string, unknown>;
  if (desired === 'example.com/v2') {
    return { ...obj, apiVersion: desired, spec: { dimensions: { size: String(spec['size']) } } };
  }
  const dims = spec['dimensions'] as { size: string };
  return { ...obj, apiVersion: desired, spec: { size: Number(dims.size) } };
});

describe('ConversionReview v1', () => {
  it('answers convertedObjects in order with a Success result', async () => {
    const review = await reviewConversion(
      conversionReview('example.com/v2', [
        widget('example.com/v1', 'a', { size: 1 }),
        widget('example.com/v1', 'b', { size: 2 }),
      ]),
      converter,
      quietContext,
      1000,
    );
    expect(review).toEqual({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      response: {
        uid: 'conv-1',
        result: { status: 'Success' },
        convertedObjects: [
          widget('example.com/v2', 'a', { dimensions: { size: '1' } }),
          widget('example.com/v2', 'b', { dimensions: { size: '2' } }),
        ],
      },
    });
  });

  it('reports a throwing converter as a Failure result with its message', async () => {
    const review = await reviewConversion(
      conversionReview('example.com/v1', [widget('example.com/v2', 'a', {})]),
      converter,
      quietContext,
      1000,
    );
    expect(review.response?.result.status).toBe('Failure');
    expect(review.response?.result.message).toMatch(/^conversion to example.com\/v1 failed: .*size/);
    expect(review.response?.convertedObjects).toEqual([]);
  });

  it('catches converters that lose objects, keep the old version or rename objects', async () => {
    const input = [widget('example.com/v1', 'a', { size: 1 })];
    const cases: [(objs: KubeObject[]) => KubeObject[], RegExp][] = [
      [() => [], /returned 0 objects for 1/],
      [(objs) => objs, /apiVersion example.com\/v1, want example.com\/v2/],
      [
        (objs) =>
          objs.map((o) => ({ ...o, apiVersion: 'example.com/v2', metadata: { ...o.metadata, name: 'x' } })),
        /metadata.name/,
      ],
    ];
    for (const [fn, message] of cases) {
      const review = await reviewConversion(
        conversionReview('example.com/v2', input),
        (_desired, objs) => fn(objs),
        quietContext,
        1000,
      );
      expect(review.response?.result.status).toBe('Failure');
      expect(review.response?.result.message).toMatch(message);
    }
  });

  it('fails the conversion when the converter misses its deadline', async () => {
    const review = await reviewConversion(
      conversionReview('example.com/v2', []),
      () => new Promise<KubeObject[]>(() => {}),
      quietContext,
      30,
    );
    expect(review.response?.result.status).toBe('Failure');
    expect(review.response?.result.message).toMatch(/within 30 ms/);
  });

  it('rejects what is not an apiextensions.k8s.io/v1 ConversionReview request', () => {
    expect(() => parseConversionReview({ kind: 'AdmissionReview' })).toThrow(/expected a ConversionReview/);
    expect(() =>
      parseConversionReview({ ...conversionReview('x/v1', []), apiVersion: 'apiextensions.k8s.io/v1beta1' }),
    ).toThrow(/conversionReviewVersions/);
    expect(() =>
      parseConversionReview({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'ConversionReview',
        request: { uid: 'u' },
      }),
    ).toThrow(/desiredAPIVersion/);
  });
});
