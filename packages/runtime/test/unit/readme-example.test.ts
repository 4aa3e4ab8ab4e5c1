import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');

describe('README example controller', () => {
  it('is the tested example file, verbatim, and under 60 lines', () => {
    const example = read('../../examples/configmap-mirror.ts');
    expect(read('../../README.md')).toContain(example);
    expect(example.trimEnd().split('\n').length).toBeLessThan(60);
  });
});
