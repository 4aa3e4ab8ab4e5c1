import { describe, expect, it } from 'vitest';
import type { HermesInstanceSpec } from '../../../src/api/v1/hermes-instance.ts';
import type { HermesSelfConfigSpec } from '../../../src/api/v1/hermes-self-config.ts';
import { checkSelfConfig, protectedConfigHits } from '../../../src/webhooks/self-config-policy.ts';
import { hermesSelfConfigValidator } from '../../../src/webhooks/self-config-validator.ts';
import { ctx, fakeClient, instance, request, selfConfig } from './fixtures.ts';

type Policy = NonNullable<HermesInstanceSpec['selfConfigure']>;

const ALL: Policy = {
  enabled: true,
  allowedActions: ['skills', 'config', 'envVars', 'workspaceFiles', 'profiles'],
  protectedKeys: [
    'model.provider',
    'platforms',
    'env:OPENAI_API_KEY',
    'env:*_SECRET',
    'file:SOUL.md',
    'file:memories',
  ],
};
const check = (spec: Omit<HermesSelfConfigSpec, 'instanceRef'>, policy: Policy = ALL) =>
  checkSelfConfig({ instanceRef: 'my-hermes', ...spec }, policy, 'my-hermes');

describe('selfConfigure policy', () => {
  it('allows changes that stay clear of protected keys', () => {
    expect(
      check({
        addSkills: [{ source: 'git+https://github.com/foo/skill@v1' }],
        patchConfig: { model: { default: 'x' }, schedules: { brief: '0 8 * * *' } },
        addEnvVars: [{ name: 'FINANCE_TZ', value: 'Europe/Berlin' }],
        addWorkspaceFiles: [{ path: 'notes/finance.md', content: '#' }],
        addProfileSnapshot: { profileID: 'user-42', data: '{}' },
      }),
    ).toEqual([]);
  });

  it('denies actions the policy does not allow, naming the field and the allowed list', () => {
    expect(
      check(
        { patchConfig: { a: 1 }, addEnvVars: [{ name: 'A', value: '1' }] },
        { ...ALL, allowedActions: ['skills'] },
      ),
    ).toEqual([
      'spec.patchConfig: action "config" is not allowed by HermesInstance "my-hermes" (spec.selfConfigure.allowedActions: ["skills"])',
      'spec.addEnvVars: action "envVars" is not allowed by HermesInstance "my-hermes" (spec.selfConfigure.allowedActions: ["skills"])',
    ]);
    expect(
      check({ addProfileSnapshot: { profileID: 'p', data: '' } }, { ...ALL, allowedActions: [] }),
    ).toHaveLength(1);
  });

  it('denies a config patch at, under, or replacing the parent of a protected key', () => {
    const keys = [
      { raw: 'model.provider', segments: ['model', 'provider'] },
      { raw: 'platforms', segments: ['platforms'] },
    ];
    const paths = (patch: unknown) =>
      protectedConfigHits(patch, keys).map((h) => `${h.path.join('.')} -> ${h.key}`);
    expect(paths({ model: { provider: 'x' } })).toEqual(['model.provider -> model.provider']);
    expect(paths({ model: { provider: { name: 'x' } } })).toEqual(['model.provider -> model.provider']);
    expect(paths({ platforms: { telegram: { enabled: true } } })).toEqual(['platforms -> platforms']);
    expect(paths({ model: null })).toEqual(['model -> model.provider']); // deletes model, provider with it
    expect(paths({ model: 'gpt' })).toEqual(['model -> model.provider']);
    expect(paths({ model: { default: 'x' }, modelx: 1 })).toEqual([]);
    expect(check({ patchConfig: { model: { provider: 'x' } } })).toEqual([
      'spec.patchConfig.model.provider: touches protected key "model.provider" of HermesInstance "my-hermes"',
    ]);
  });

  it('matches * within one segment', () => {
    const policy = { ...ALL, protectedKeys: ['platforms.*.token', 'config:gateway.port'] };
    expect(check({ patchConfig: { platforms: { telegram: { token: 'x' } } } }, policy)).toHaveLength(1);
    expect(check({ patchConfig: { platforms: { telegram: { allowed: ['x'] } } } }, policy)).toEqual([]);
    expect(check({ patchConfig: { gateway: { port: 1 } } }, policy)).toHaveLength(1);
  });

  it('denies protected env vars, exact or by pattern', () => {
    expect(
      check({
        addEnvVars: [
          { name: 'OPENAI_API_KEY', value: 'x' },
          { name: 'WEBHOOK_SECRET', value: 'y' },
          { name: 'TZ', value: 'UTC' },
        ],
      }),
    ).toEqual([
      'spec.addEnvVars[0].name: touches protected key "env:OPENAI_API_KEY" of HermesInstance "my-hermes"',
      'spec.addEnvVars[1].name: touches protected key "env:*_SECRET" of HermesInstance "my-hermes"',
    ]);
  });

  it('denies protected files and directories, after normalising the path', () => {
    expect(
      check({
        addWorkspaceFiles: [
          { path: './SOUL.md', content: '' },
          { path: 'memories/MEMORY.md', content: '' },
          { path: 'memories', content: '' },
          { path: 'notes/SOUL.md', content: '' },
        ],
      }),
    ).toEqual([
      'spec.addWorkspaceFiles[0].path: touches protected key "file:SOUL.md" of HermesInstance "my-hermes"',
      'spec.addWorkspaceFiles[1].path: touches protected key "file:memories" of HermesInstance "my-hermes"',
      'spec.addWorkspaceFiles[2].path: touches protected key "file:memories" of HermesInstance "my-hermes"',
    ]);
  });

  it('never lets a workspace file replace config.yaml, .env or auth.json, or leave $HERMES_HOME', () => {
    const open = { ...ALL, protectedKeys: ['nothing'] };
    expect(
      check(
        {
          addWorkspaceFiles: [
            { path: 'config.yaml', content: '' },
            { path: './.env', content: '' },
            { path: 'auth.json', content: '' },
            { path: '../etc/passwd', content: '' },
            { path: '/opt/data/x', content: '' },
          ],
        },
        open,
      ),
    ).toEqual([
      'spec.addWorkspaceFiles[0].path: "config.yaml" cannot be written as a workspace file; use patchConfig (checked against protectedKeys)',
      'spec.addWorkspaceFiles[1].path: "./.env" cannot be written as a workspace file; use addEnvVars (checked against protectedKeys)',
      'spec.addWorkspaceFiles[2].path: "auth.json" cannot be written as a workspace file; it holds the agent credentials',
      'spec.addWorkspaceFiles[3].path: "../etc/passwd" must be a relative path without .. segments',
      'spec.addWorkspaceFiles[4].path: "/opt/data/x" must be a relative path without .. segments',
    ]);
  });

  it('denies skills from sources outside allowedSkillSources', () => {
    const policy = { ...ALL, allowedSkillSources: ['git+https://github.com/my-org/'] };
    expect(
      check(
        {
          addSkills: [
            { source: 'git+https://github.com/my-org/a@v1' },
            { source: 'git+https://github.com/evil/b' },
          ],
        },
        policy,
      ),
    ).toEqual([
      'spec.addSkills[1].source: "git+https://github.com/evil/b" does not start with an allowed skill source (spec.selfConfigure.allowedSkillSources: ["git+https://github.com/my-org/"])',
    ]);
  });
});

describe('HermesSelfConfig admission', () => {
  const parent = (selfConfigure?: Policy) => instance(selfConfigure ? { selfConfigure } : {});
  const validate = (
    spec: HermesSelfConfigSpec,
    objects = [parent(ALL)],
    getInstance?: () => ReturnType<typeof parent>,
  ) => {
    const client = fakeClient(objects);
    const handler = hermesSelfConfigValidator(client, getInstance ? { getInstance } : {});
    return { client, result: handler(request(selfConfig(spec)), ctx()) };
  };

  it('admits an allowed request', async () => {
    const { client, result } = validate({ instanceRef: 'my-hermes', patchConfig: { cron: {} } });
    expect(await result).toEqual({ allowed: true });
    expect(client.gets).toEqual(['HermesInstance team-a/my-hermes [hermes.agent/v1]']);
  });

  it('uses the cached instance when the caller has it', async () => {
    const { client, result } = validate({ instanceRef: 'my-hermes', patchConfig: { cron: {} } }, [], () =>
      parent(ALL),
    );
    expect((await result).allowed).toBe(true);
    expect(client.gets).toEqual([]);
  });

  it('denies a request for a missing instance (422), naming instanceRef', async () => {
    const { result } = validate({ instanceRef: 'nobody', patchConfig: {} });
    expect(await result).toMatchObject({
      allowed: false,
      code: 422,
      message: 'spec.instanceRef: HermesInstance "nobody" not found in namespace "team-a"',
    });
  });

  it('denies when the instance does not accept self-configuration (403)', async () => {
    for (const objects of [[parent()], [parent({ enabled: false, protectedKeys: ['x'] })]]) {
      const { result } = validate({ instanceRef: 'my-hermes', patchConfig: {} }, objects);
      expect(await result).toMatchObject({
        allowed: false,
        code: 403,
        message:
          'spec.instanceRef: HermesInstance "my-hermes" does not accept self-configuration (spec.selfConfigure.enabled is not true)',
      });
    }
  });

  it('denies with every reason in the message', async () => {
    const { result } = validate({
      instanceRef: 'my-hermes',
      patchConfig: { model: { provider: 'x' } },
      addEnvVars: [{ name: 'OPENAI_API_KEY', value: 'k' }],
    });
    const r = await result;
    expect(r.code).toBe(403);
    expect(r.message).toBe(
      'spec.patchConfig.model.provider: touches protected key "model.provider" of HermesInstance "my-hermes"; ' +
        'spec.addEnvVars[0].name: touches protected key "env:OPENAI_API_KEY" of HermesInstance "my-hermes"',
    );
  });

  it('does not re-judge updates, but keeps spec immutable', async () => {
    const handler = hermesSelfConfigValidator(fakeClient([]));
    const old = selfConfig({ instanceRef: 'gone', patchConfig: {} });
    const relabelled = { ...old, metadata: { ...old.metadata, finalizers: [] } };
    expect(await handler(request(relabelled, { operation: 'UPDATE', oldObject: old }), ctx())).toEqual({
      allowed: true,
    });
    const changed = selfConfig({ instanceRef: 'gone', patchConfig: { a: 1 } });
    expect(await handler(request(changed, { operation: 'UPDATE', oldObject: old }), ctx())).toMatchObject({
      allowed: false,
      message: 'spec: is immutable; create a new HermesSelfConfig for another change',
    });
  });
});
