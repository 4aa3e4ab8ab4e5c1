import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import type { AdmissionResult } from '@agent-operators/runtime/webhook';
import type { HermesInstanceResource, HermesInstanceSpec } from '../../../src/api/v1/hermes-instance.ts';
import { clusterDefaultsReader } from '../../../src/webhooks/cluster-defaults-reader.ts';
import { checkInstance } from '../../../src/webhooks/instance-rules.ts';
import { hermesInstanceValidator } from '../../../src/webhooks/instance-validator.ts';
import { clusterDefaults, configMap, ctx, fakeClient, instance, request, secret } from './fixtures.ts';

const IMAGE = { repository: 'docker.io/nousresearch/hermes-agent', tag: '0.21.3' };
const valid = (spec: HermesInstanceSpec = {}): HermesInstanceSpec => ({ image: IMAGE, ...spec });

async function validate(
  obj: HermesInstanceResource,
  opts: { old?: HermesInstanceResource; objects?: KubeObject[]; forbidden?: string[]; cd?: boolean } = {},
): Promise<AdmissionResult> {
  const client = fakeClient(opts.objects ?? [], { forbidden: opts.forbidden ?? [] });
  const cd = opts.cd ? clusterDefaults({ image: { repository: 'ghcr.io/acme/hermes' } }) : null;
  const handler = hermesInstanceValidator(
    client,
    clusterDefaultsReader(client, () => cd),
  );
  return handler(request(obj, opts.old ? { operation: 'UPDATE', oldObject: opts.old } : {}), ctx());
}

const denials = (spec: HermesInstanceSpec, old?: HermesInstanceResource) =>
  checkInstance(instance(spec), old, undefined).denials;

describe('HermesInstance validation: denials', () => {
  it('admits a valid instance without warnings', async () => {
    const result = await validate(
      instance(valid({ config: { raw: { model: { provider: 'openrouter' } } } })),
    );
    expect(result).toEqual({ allowed: true, warnings: [] });
  });

  it('requires image.repository unless HermesClusterDefaults provides one', async () => {
    const denied = await validate(instance({}));
    expect(denied.allowed).toBe(false);
    expect(denied.code).toBe(422);
    expect(denied.message).toMatch(/^spec\.image\.repository: is required/);
    expect((await validate(instance({}), { cd: true })).allowed).toBe(true);
  });

  it('requires a valid storage size', () => {
    for (const size of ['0', '-1Gi', '500m', '0.5', 'ten', '1.5e-3Gi']) {
      expect(denials(valid({ storage: { size } }))).toEqual([
        `spec.storage.size: "${size}" is not a valid storage size: use a positive whole number of bytes, e.g. 10Gi`,
      ]);
    }
    for (const size of ['10Gi', '1.5Gi', '100M', '1e9', 1073741824]) {
      expect(denials(valid({ storage: { size } }))).toEqual([]);
    }
  });

  it('requires exactly one of config.raw or config.configMapRef', () => {
    const msg = 'spec.config: exactly one of raw or configMapRef must be set';
    expect(denials(valid({ config: { mergeMode: 'merge' } }))).toEqual([msg]);
    expect(denials(valid({ config: { raw: {}, configMapRef: { name: 'c', key: 'config.yaml' } } }))).toEqual([
      msg,
    ]);
    expect(denials(valid({ config: { raw: {} } }))).toEqual([]);
    expect(denials(valid({ config: { configMapRef: { name: 'c', key: 'config.yaml' } } }))).toEqual([]);
    expect(denials(valid())).toEqual([]); // no config: the agent seeds its own
  });

  it('requires explicit protectedKeys when selfConfigure is enabled', () => {
    const msg = /^spec\.selfConfigure\.protectedKeys: must list at least one path/;
    expect(denials(valid({ selfConfigure: { enabled: true } }))[0]).toMatch(msg);
    expect(denials(valid({ selfConfigure: { enabled: true, protectedKeys: [] } }))[0]).toMatch(msg);
    expect(denials(valid({ selfConfigure: { enabled: true, protectedKeys: ['model'] } }))).toEqual([]);
    expect(denials(valid({ selfConfigure: { enabled: false } }))).toEqual([]);
  });

  it('keeps storageClassName and accessModes immutable', () => {
    const old = instance(
      valid({ storage: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce', 'ReadWriteOncePod'] } }),
    );
    expect(
      denials(
        valid({ storage: { storageClassName: 'gp2', accessModes: ['ReadWriteOnce', 'ReadWriteOncePod'] } }),
        old,
      ),
    ).toEqual(['spec.storage.storageClassName: is immutable after creation (was "gp3", now "gp2")']);
    expect(denials(valid({ storage: { accessModes: ['ReadWriteOnce', 'ReadWriteOncePod'] } }), old)).toEqual([
      'spec.storage.storageClassName: is immutable after creation (was "gp3", now null)',
    ]);
    expect(
      denials(valid({ storage: { storageClassName: 'gp3', accessModes: ['ReadWriteMany'] } }), old),
    ).toEqual([
      'spec.storage.accessModes: is immutable after creation (was ["ReadWriteOnce","ReadWriteOncePod"], now ["ReadWriteMany"])',
    ]);
    // A set: order does not count.
    expect(
      denials(
        valid({ storage: { storageClassName: 'gp3', accessModes: ['ReadWriteOncePod', 'ReadWriteOnce'] } }),
        old,
      ),
    ).toEqual([]);
    // Adding a class after creation is a change too.
    expect(denials(valid({ storage: { storageClassName: 'gp3' } }), instance(valid()))).toEqual([
      'spec.storage.storageClassName: is immutable after creation (was null, now "gp3")',
    ]);
  });

  it('locks restoreFrom once restored and migration once completed', () => {
    const backup = { s3: { bucket: 'b', credentialsSecretRef: { name: 's' } } };
    const restoring = instance(valid({ backup, restoreFrom: 'a.tar.zst' }));
    const restored = instance(valid({ backup, restoreFrom: 'a.tar.zst' }), {
      status: { restoredFrom: 'a.tar.zst' },
    });
    expect(denials(valid({ backup, restoreFrom: 'b.tar.zst' }), restoring)).toEqual([]);
    expect(denials(valid({ backup, restoreFrom: 'b.tar.zst' }), restored)).toEqual([
      'spec.restoreFrom: is locked once status.restoredFrom is set (restored from "a.tar.zst")',
    ]);
    expect(denials(valid({ backup }), restored)).toHaveLength(1);
    const from = { source: { openclawInstanceRef: { name: 'claw' } } };
    const migrated = instance(valid({ migration: { fromOpenClaw: from } }), {
      status: { migrationCompleted: true },
    });
    expect(denials(valid({ migration: {} }), migrated)).toEqual([
      'spec.migration.fromOpenClaw: is locked once status.migrationCompleted is true',
    ]);
    expect(denials(valid({ migration: { fromOpenClaw: from } }), migrated)).toEqual([]);
    const migrating = instance(valid({ migration: { fromOpenClaw: from } }), {
      status: { migrationCompleted: false },
    });
    expect(denials(valid(), migrating)).toEqual([]);
  });

  it('sends every denial in one message, with the warnings', async () => {
    const result = await validate(
      instance({ config: { mergeMode: 'merge' }, storage: { size: '0' }, selfConfigure: { enabled: true } }),
    );
    expect(result.message?.split('; ').map((m) => m.split(':')[0])).toEqual([
      'spec.image.repository',
      'spec.storage.size',
      'spec.config',
      'spec.selfConfigure.protectedKeys',
    ]);
  });

  it('does not re-judge an update that leaves spec alone (finalizer removal must work)', async () => {
    const broken = instance({ storage: { size: '0' } });
    const relabelled = instance(
      { storage: { size: '0' } },
      { metadata: { name: 'my-hermes', labels: { a: 'b' } } },
    );
    expect(await validate(relabelled, { old: broken })).toEqual({ allowed: true });
  });
});

describe('HermesInstance validation: warnings', () => {
  it('says that day-2 sections are stored but not acted on yet', () => {
    const { warnings } = checkInstance(
      instance(valid({ autoUpdate: { enabled: true }, restoreFrom: 'prod/x/2026-05-10T03-00.tar.zst' })),
      undefined,
      undefined,
    );
    expect(warnings.filter((w) => w.includes('does not act on it yet'))).toEqual([
      expect.stringMatching(/^spec\.restoreFrom: accepted and stored/),
      expect.stringMatching(/^spec\.autoUpdate: accepted and stored/),
    ]);
  });

  it('warns about unknown top-level config keys', async () => {
    const result = await validate(
      instance(valid({ config: { raw: { model: {}, modle: {}, skills_dir: 'x' } } })),
    );
    expect(result.allowed).toBe(true);
    expect(result.warnings).toEqual([
      'spec.config.raw: unknown top-level keys "modle", "skills_dir"; hermes-agent ignores keys it does not know',
    ]);
  });

  it('warns when a gateway token Secret or key cannot be resolved, never denies', async () => {
    const spec = valid({
      gateways: {
        telegram: { enabled: true, botTokenSecretRef: { name: 'tg', key: 'TELEGRAM_BOT_TOKEN' } },
        discord: { enabled: true, botTokenSecretRef: { name: 'dc', key: 'DISCORD_BOT_TOKEN' } },
        slack: {
          enabled: true,
          botTokenSecretRef: { name: 'slack', key: 'SLACK_BOT_TOKEN' },
          appTokenSecretRef: { name: 'slack', key: 'SLACK_APP_TOKEN' },
        },
        whatsapp: {
          enabled: true,
          cloudApi: { accessTokenSecretRef: { name: 'wa', key: 'WHATSAPP_ACCESS_TOKEN' } },
        },
        signal: { enabled: true, account: '+4915112345678', httpUrl: 'http://signal:8080' },
      },
    });
    const result = await validate(instance(spec), {
      objects: [
        secret('dc', { OTHER: 'x' }),
        secret('slack', { SLACK_BOT_TOKEN: 'xoxb', SLACK_APP_TOKEN: '' }),
      ],
      forbidden: ['Secret/wa'],
    });
    expect(result.allowed).toBe(true);
    expect(result.warnings).toEqual([
      'spec.gateways.telegram.botTokenSecretRef: Secret "tg" not found in namespace "team-a"; the pod will not start until it exists',
      'spec.gateways.discord.botTokenSecretRef: Secret "dc" has no key "DISCORD_BOT_TOKEN"; the pod will not start until it does',
      'spec.gateways.slack.appTokenSecretRef: key "SLACK_APP_TOKEN" of Secret "slack" is empty',
      'spec.gateways.whatsapp.cloudApi.accessTokenSecretRef: could not check Secret "wa": the operator may not read it',
    ]);
  });

  it('warns about an enabled gateway without a token reference, and ignores disabled ones', async () => {
    const result = await validate(
      instance(
        valid({
          gateways: {
            telegram: { enabled: true },
            discord: { enabled: false, botTokenSecretRef: { name: 'x', key: 'DISCORD_BOT_TOKEN' } },
          },
        }),
      ),
    );
    expect(result.warnings).toEqual([
      'spec.gateways.telegram.botTokenSecretRef: not set; the telegram gateway cannot start without it',
    ]);
  });

  it('warns when more than one replica may run with a gateway enabled', async () => {
    const gateways = {
      telegram: { enabled: true, botTokenSecretRef: { name: 'tg', key: 'TELEGRAM_BOT_TOKEN' } },
    };
    const objects = [secret('tg', { TELEGRAM_BOT_TOKEN: 't' })];
    const scaled = await validate(
      instance(valid({ gateways, availability: { hpa: { enabled: true, maxReplicas: 3 } } })),
      {
        objects,
      },
    );
    expect(scaled.warnings).toEqual([
      'spec.availability.hpa: up to 3 replicas with gateway telegram enabled: two gateways polling one bot token conflict; run one replica per token',
    ]);
    const single = await validate(
      instance(valid({ gateways, availability: { hpa: { enabled: true, maxReplicas: 1 } } })),
      {
        objects,
      },
    );
    expect(single.warnings).toEqual([]);
    const noGateway = await validate(
      instance(valid({ availability: { hpa: { enabled: true, maxReplicas: 3 } } })),
    );
    expect(noGateway.warnings).toEqual([]);
  });

  it('warns that a storage size change does not resize the claim', async () => {
    const old = instance(valid({ storage: { size: '10Gi' } }));
    const result = await validate(instance(valid({ storage: { size: '20Gi' } })), { old });
    expect(result.warnings?.[0]).toMatch(/^spec\.storage\.size: changed from "10Gi" to "20Gi"/);
    const same = await validate(instance(valid({ storage: { size: '10240Mi' } })), { old });
    expect(same.warnings).toEqual([]);
  });

  it('checks the config ConfigMap: missing, missing key, not YAML, unknown keys', async () => {
    const ref = (name: string, key = 'config.yaml') =>
      instance(valid({ config: { configMapRef: { name, key } } }));
    const objects = [
      configMap('good', { 'config.yaml': 'model:\n  provider: x\n' }),
      configMap('typo', { 'config.yaml': 'model: {}\nmodle: {}\n' }),
      configMap('list', { 'config.yaml': '- a\n- b\n' }),
      configMap('broken', { 'config.yaml': 'model: [\n' }),
    ];
    const warnings = async (obj: HermesInstanceResource) => (await validate(obj, { objects })).warnings;
    expect(await warnings(ref('good'))).toEqual([]);
    expect(await warnings(ref('missing'))).toEqual([
      'spec.config.configMapRef: ConfigMap "missing" not found in namespace "team-a"; the pod will not start until it exists',
    ]);
    expect(await warnings(ref('good', 'other.yaml'))).toEqual([
      'spec.config.configMapRef: ConfigMap "good" has no key "other.yaml"',
    ]);
    expect(await warnings(ref('typo'))).toEqual([
      'spec.config.configMapRef (typo/config.yaml): unknown top-level key "modle"; hermes-agent ignores keys it does not know',
    ]);
    expect((await warnings(ref('list')))?.[0]).toMatch(/is not a YAML mapping \(a list\)/);
    expect((await warnings(ref('broken')))?.[0]).toMatch(
      /^spec\.config\.configMapRef: key "config\.yaml" of ConfigMap "broken" is not a YAML mapping/,
    );
  });
});
