import { describe, expect, it } from 'vitest';
import { quantityEqual } from '../../../src/apply/quantity.ts';

describe('quantityEqual', () => {
  it.each([
    ['1Gi', '1024Mi'],
    ['0.5', '500m'],
    ['2', '2000m'],
    ['1k', '1000'],
    ['1e3', '1k'],
    ['1.5Gi', '1536Mi'],
    ['100m', '0.1'],
    [1, '1'],
  ])('%s == %s', (a, b) => expect(quantityEqual(a, b)).toBe(true));

  it.each([
    ['1Gi', '1G'],
    ['1', '1m'],
    ['abc', 'abc2'],
    ['1Gi', undefined],
  ])('%s != %s', (a, b) => expect(quantityEqual(a, b)).toBe(false));
});
