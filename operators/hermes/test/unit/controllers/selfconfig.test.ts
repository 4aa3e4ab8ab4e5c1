// HermesSelfConfig pure parts: the policy decision, the apply plan (accumulating what the manager
// owned), extraction from managedFields, merge patches and conflict paths.
import { describe, expect, it } from 'vitest';
import type { HermesInstanceSpec } from '../../../src/api/v1/hermes-instance.ts';
import type { HermesSelfConfigSpec } from '../../../src/api/v1/hermes-self-config.ts';
import { parseFieldPath, removeField } from '../../../src/controllers/selfconfig/conflicts.ts';
import { extractApplied } from '../../../src/controllers/selfconfig/managed-fields.ts';
import { mergePatch } from '../../../src/controllers/selfconfig/merge-patch.ts';
import { planApply } from '../../../src/controllers/selfconfig/plan.ts';
import { checkPolicy } from '../../../src/controllers/selfconfig/policy.ts';

const policy = (
  over: Partial<NonNullable<HermesInstanceSpec['selfConfigure']>> = {},
): HermesInstanceSpec => ({
  selfConfigure: {
    enabled: true,
    allowedActions: ['config', 'envVars', 'workspaceFiles', 'profiles', 'skills'],
    protectedKeys: ['model.provider', 'env:OPENAI_API_KEY', 'file:SOUL.md'],
    ...over,
  },
});
const req = (spec: Partial<HermesSelfConfigSpec>): HermesSelfConfigSpec => ({
  instanceRef: 'agent',
  ...spec,
});

describe('checkPolicy', () => {
  it('allows a request within the policy', () => {
    expect(checkPolicy(req({ patchConfig: { model: { default: 'x' } } }), policy(), 'agent')).toEqual({
      allowed: true,
    });
  });
  it.each([
    [
      'disabled',
      req({ addEnvVars: [{ name: 'A', value: '1' }] }),
      policy({ enabled: false }),
      'SelfConfigureDisabled',
    ],
    [
      'action',
      req({ addEnvVars: [{ name: 'A', value: '1' }] }),
      policy({ allowedActions: ['config'] }),
      'ActionNotAllowed',
    ],
    ['config key', req({ patchConfig: { model: { provider: 'x' } } }), policy(), 'ProtectedKey'],
    ['config ancestor', req({ patchConfig: { model: null } }), policy(), 'ProtectedKey'],
    ['env', req({ addEnvVars: [{ name: 'OPENAI_API_KEY', value: 'k' }] }), policy(), 'ProtectedKey'],
    ['file', req({ addWorkspaceFiles: [{ path: './SOUL.md', content: '' }] }), policy(), 'ProtectedKey'],
    ['reserved file', req({ addWorkspaceFiles: [{ path: '.env', content: '' }] }), policy(), 'ProtectedKey'],
    [
      'skill source',
      req({ addSkills: [{ source: 'git+https://evil.example/x' }] }),
      policy({ allowedSkillSources: ['git+https://github.com/me/'] }),
      'SkillSourceNotAllowed',
    ],
    [
      'profiles off',
      req({ addProfileSnapshot: { profileID: 'u', data: '{}' } }),
      policy(),
      'ProfileStoreDisabled',
    ],
    [
      'config from ConfigMap',
      req({ patchConfig: { a: 1 } }),
      { ...policy(), config: { configMapRef: { name: 'c', key: 'config.yaml' } } },
      'ConfigFromConfigMap',
    ],
  ])('denies: %s', (_what, request, instance, reason) => {
    const d = checkPolicy(request, instance, 'agent');
    expect(d.allowed).toBe(false);
    if (!d.allowed) {
      expect(d.reason).toBe(reason);
      expect(d.message.length).toBeGreaterThan(0);
    }
  });
  it('checks the profile snapshot path against file protections and size', () => {
    const withProfiles = { ...policy({ protectedKeys: ['file:honcho'] }), profileStore: { enabled: true } };
    const d = checkPolicy(req({ addProfileSnapshot: { profileID: 'u', data: '{}' } }), withProfiles, 'agent');
    expect(d).toMatchObject({ allowed: false, reason: 'ProtectedKey' });
    const big = checkPolicy(
      req({ addProfileSnapshot: { profileID: 'u', data: 'x'.repeat(262145) } }),
      { ...policy(), profileStore: { enabled: true } },
      'agent',
    );
    expect(big).toMatchObject({ allowed: false, reason: 'TooLarge' });
  });
});

describe('planApply', () => {
  const where = { name: 'agent', namespace: 'ns' };
  it('adds the request to what the manager owned, upserting by key', () => {
    const owned = {
      spec: {
        env: [{ name: 'A', value: '1' }],
        config: { raw: { schedules: { a: '1' }, drop: { me: true } } },
        workspace: { files: [{ path: 'x.md', content: 'old' }] },
      },
    };
    const plan = planApply(where, owned, {
      instanceRef: 'agent',
      addEnvVars: [
        { name: 'A', value: '2' },
        { name: 'B', value: '3' },
      ],
      patchConfig: { schedules: { b: '2' }, drop: null },
      addWorkspaceFiles: [{ path: 'x.md', content: 'new' }],
      addProfileSnapshot: { profileID: 'user/42', data: '{}' },
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.object).toEqual({
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesInstance',
      metadata: { name: 'agent', namespace: 'ns' },
      spec: {
        env: [
          { name: 'A', value: '2' },
          { name: 'B', value: '3' },
        ],
        config: { raw: { schedules: { a: '1', b: '2' } } },
        workspace: {
          files: [
            { path: 'x.md', content: 'new' },
            { path: 'honcho/profiles/user_42.json', content: '{}' },
          ],
        },
      },
    });
  });
  it('refuses skills while the instance API has no field for them', () => {
    const plan = planApply(where, {}, { instanceRef: 'agent', addSkills: [{ source: 'git+https://x' }] });
    expect(plan.ok).toBe(false);
  });
});

describe('extractApplied', () => {
  it('returns exactly the fields the manager applied', () => {
    const obj = {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesInstance',
      metadata: {
        name: 'a',
        managedFields: [
          {
            manager: 'hermes.agent/selfconfig',
            operation: 'Apply',
            fieldsType: 'FieldsV1',
            fieldsV1: {
              'f:spec': {
                'f:env': { 'k:{"name":"MINE"}': { '.': {}, 'f:name': {}, 'f:value': {} } },
                'f:config': { 'f:raw': { 'f:schedules': { 'f:a': {} } } },
              },
            },
          },
          {
            manager: 'flux',
            operation: 'Apply',
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:spec': { 'f:env': {} } },
          },
        ],
      },
      spec: {
        env: [
          { name: 'THEIRS', value: '1' },
          { name: 'MINE', value: '2' },
        ],
        config: { raw: { model: { provider: 'x' }, schedules: { a: '1', b: '2' } } },
      },
    };
    expect(extractApplied(obj, 'hermes.agent/selfconfig')).toEqual({
      spec: { env: [{ name: 'MINE', value: '2' }], config: { raw: { schedules: { a: '1' } } } },
    });
    expect(extractApplied(obj, 'nobody')).toEqual({});
  });
});

describe('mergePatch', () => {
  it('follows RFC 7386', () => {
    expect(mergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } })).toEqual({
      a: 'z',
      c: { d: 'e' },
    });
    expect(mergePatch({ a: [1] }, { a: [2] })).toEqual({ a: [2] });
    expect(mergePatch('x', { a: 1 })).toEqual({ a: 1 });
  });
});

describe('conflict paths', () => {
  it('parses structured-merge-diff paths', () => {
    expect(parseFieldPath('.spec.env[name="A,B"].value')).toEqual([
      { field: 'spec' },
      { field: 'env' },
      { key: { name: 'A,B' } },
      { field: 'value' },
    ]);
    expect(parseFieldPath('.a[="v"][3]')).toEqual([{ field: 'a' }, { value: 'v' }, { index: 3 }]);
  });
  it('removes the entry holding a conflicting field, and empty parents', () => {
    const obj = { spec: { env: [{ name: 'A', value: '1' }], config: { raw: { x: { y: 1 } } } } };
    expect(removeField(obj, parseFieldPath('.spec.env[name="A"].value'))).toBe(true);
    expect(removeField(obj, parseFieldPath('.spec.config.raw.x.y'))).toBe(true);
    expect(obj).toEqual({});
    expect(removeField(obj, parseFieldPath('.spec.nothing'))).toBe(false);
  });
});
