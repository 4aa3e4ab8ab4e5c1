// The config.yaml emitter: any JSON value reads back unchanged under YAML 1.2 and YAML 1.1
// (PyYAML, which config-init uses, follows 1.1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toYamlText } from '../../../src/resources/yaml-emit.ts';

const noNegativeZero = (v: unknown): unknown =>
  Object.is(v, -0)
    ? 0
    : Array.isArray(v)
      ? v.map(noNegativeZero)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, noNegativeZero(x)]))
        : v;

describe('toYamlText', () => {
  it('writes readable block YAML', () => {
    expect(
      toYamlText({
        model: { provider: 'openrouter', default: 'anthropic/claude-sonnet-4' },
        tags: ['a', 'b'],
        on: 'yes',
      }),
    ).toBe(
      'model:\n  provider: openrouter\n  default: anthropic/claude-sonnet-4\ntags:\n- a\n- b\n"on": "yes"\n',
    );
    expect(toYamlText({ prompt: 'line 1\nline 2\n' })).toBe('prompt: |\n  line 1\n  line 2\n');
  });

  it('round-trips any JSON value under YAML 1.2 and 1.1', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const v = noNegativeZero(value);
        const text = toYamlText(v);
        expect(parse(text)).toEqual(v);
        expect(parse(text, { version: '1.1' })).toEqual(v);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips tricky strings', () => {
    const strings = [
      '',
      ' ',
      'yes',
      'No',
      'ON',
      '~',
      'null',
      '0.21',
      '1e3',
      '0x1F',
      '12:30',
      '- a',
      'a: b',
      'a #b',
      '#x',
      'true ',
      '@x',
      '`x',
      '!x',
      '&a',
      '*a',
      '%x',
      '|',
      '>',
      "'q'",
      '"q"',
      'line\n',
      'a\n\n',
      '\nlead',
      ' lead\nx',
      'tab\there',
      'multi\nline',
      'end\n',
      '.inf',
      '.nan',
      '<<',
      '=',
      'é',
      '日本',
      'a\u0000b',
      'E0',
      'e+5',
      'e5x',
    ];
    for (const s of strings) {
      const text = toYamlText({ s, [s]: [s] });
      expect(parse(text), JSON.stringify(s)).toEqual({ s, [s]: [s] });
      expect(parse(text, { version: '1.1' }), JSON.stringify(s)).toEqual({ s, [s]: [s] });
    }
  });
});
