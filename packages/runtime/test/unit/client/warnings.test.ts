import { describe, expect, it } from 'vitest';
import { parseWarnings } from '../../../src/client/index.ts';

describe('parseWarnings', () => {
  it('reads the text of each Warning header value', () => {
    expect(parseWarnings(undefined)).toEqual([]);
    expect(parseWarnings('299 - "spec.replicas: more than one replica"')).toEqual([
      'spec.replicas: more than one replica',
    ]);
    expect(parseWarnings(['299 - "a"', '299 - "b \\"quoted\\""'])).toEqual(['a', 'b "quoted"']);
  });
});
