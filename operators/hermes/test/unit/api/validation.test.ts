import { describe, expect, it } from 'vitest';
import { formatErrors, pointerToPath, validate } from '../../../src/api/v1/validation.ts';

const instance = (spec: Record<string, unknown>, name = 'h') => ({
  apiVersion: 'hermes.agent/v1',
  kind: 'HermesInstance',
  metadata: { name },
  spec,
});

const paths = (value: unknown) => validate('HermesInstance', value).map((e) => `${e.path}: ${e.message}`);

describe('validation with field paths', () => {
  it('accepts a minimal instance', () => {
    expect(validate('HermesInstance', instance({}))).toEqual([]);
  });

  it.each([
    [{ storage: { size: 'ten gigs' } }, /^spec\.storage\.size: must match pattern/],
    [{ storage: { size: true } }, /^spec\.storage\.size: must be an integer or a string$/],
    [{ imag: {} }, /^spec\.imag: is not a known field$/],
    [{ image: { tag: 'a b' } }, /^spec\.image\.tag: must match pattern/],
    [{ image: { digest: 'sha256:nope' } }, /^spec\.image\.digest: must match pattern/],
    [
      { gateways: { telegram: { enabled: true, mode: 'push' } } },
      /^spec\.gateways\.telegram\.mode: must be one of "polling", "webhook"$/,
    ],
    [{ env: [{ value: 'x' }] }, /^spec\.env\[0\]\.name: is required$/],
    [
      { selfConfigure: { allowedActions: ['root'] } },
      /^spec\.selfConfigure\.allowedActions\[0\]: must be one of "skills"/,
    ],
    [{ probes: { liveness: { periodSeconds: 0 } } }, /^spec\.probes\.liveness\.periodSeconds: must be >= 1$/],
    [
      { availability: { hpa: { maxReplicas: 1000 } } },
      /^spec\.availability\.hpa\.maxReplicas: must be <= 100$/,
    ],
    [
      { backup: { s3: { bucket: 'b' } } },
      /^spec\.backup\.s3\.bucket: must not have fewer than 3 characters|spec\.backup\.s3\.credentialsSecretRef: is required/,
    ],
    [{ suspended: 'yes' }, /^spec\.suspended: must be boolean$/],
    [
      { migration: { fromOpenClaw: { mode: 'copy' } } },
      /^spec\.migration\.fromOpenClaw\.source: is required$/,
    ],
    [
      { observability: { serviceMonitor: { interval: 'soon' } } },
      /^spec\.observability\.serviceMonitor\.interval: must match pattern/,
    ],
  ])('reports %j with the field path', (spec, expected) => {
    const errors = paths(instance(spec));
    expect(errors.length).toBeGreaterThan(0);
    expect(
      errors.some((e) => expected.test(e)),
      errors.join('\n'),
    ).toBe(true);
  });

  it('checks metadata.name, the other kinds, and a missing spec', () => {
    expect(paths(instance({}, 'x'.repeat(53)))).toContain(
      'metadata.name: must not have more than 52 characters',
    );
    expect(paths({ apiVersion: 'hermes.agent/v1', kind: 'HermesInstance', metadata: { name: 'h' } })).toEqual(
      ['spec: is required'],
    );
    const sc = validate('HermesSelfConfig', {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesSelfConfig',
      metadata: { name: 's' },
      spec: { instanceRef: 'Bad_Name', addWorkspaceFiles: [{ path: 'a' }] },
    });
    expect(formatErrors(sc)).toMatch(/spec\.instanceRef: must match pattern/);
    expect(formatErrors(sc)).toMatch(/spec\.addWorkspaceFiles\[0\]\.content: is required/);
    const hcd = validate('HermesClusterDefaults', {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesClusterDefaults',
      metadata: { name: 'other' },
      spec: {},
    });
    expect(formatErrors(hcd)).toMatch(/metadata\.name: must match pattern/);
  });

  it('leaves preserve-unknown-fields content alone', () => {
    expect(validate('HermesInstance', instance({ config: { raw: { anything: { goes: [1, 2] } } } }))).toEqual(
      [],
    );
    expect(
      validate('HermesInstance', instance({ sidecars: [{ name: 's', image: 'x', ports: [] }] })),
    ).toEqual([]);
  });

  it('formats JSON pointers as field paths', () => {
    expect(pointerToPath('/spec/env/2/name')).toBe('spec.env[2].name');
    expect(pointerToPath('')).toBe('<root>');
    expect(pointerToPath('/spec/labels/app.kubernetes.io~1name')).toBe(
      'spec.labels["app.kubernetes.io/name"]',
    );
  });
});
