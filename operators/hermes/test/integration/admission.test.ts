// hermes-operator's admission webhooks called by a real API server: every denial path (create and
// update) reaches the client with the field named, warnings arrive as Warning headers, defaulting
// fills from HermesClusterDefaults without overriding explicit values, and conversion runs through
// a CRD. Rules the shipped CRDs also enforce with CEL (the API server checks those before
// validating webhooks) are exercised on a private copy of the CRDs without CEL, so the answer
// asserted is the webhook's; the shipped CRDs are used for everything else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import type { HermesClusterDefaultsResource } from '../../src/api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource, HermesInstanceSpec } from '../../src/api/v1/hermes-instance.ts';
import type { HermesSelfConfigSpec } from '../../src/api/v1/hermes-self-config.ts';
import { FALLBACK_DEFAULTS } from '../../src/api/v1/fallback-defaults.ts';
import type { ConversionSpokes } from '../../src/webhooks/conversion.ts';
import type { AdmissionEnv } from './admission/environment.ts';
import {
  FIELD_MANAGER,
  LABEL,
  rejection,
  startAdmissionEnv,
  stopAdmissionEnv,
  withWarnings,
} from './admission/environment.ts';

const REAL = 'hermes.agent/v1';
const SERVED_AS = 'hermes.agent/served-as';
// A stand-in v2 for the copy CRDs: same schema, marked on the way out so the test sees the webhook ran.
const SPOKES: ConversionSpokes = {
  v2: {
    fromHub: (o) => ({
      ...o,
      metadata: { ...o.metadata, annotations: { ...o.metadata.annotations, [SERVED_AS]: 'v2' } },
    }),
    toHub: (o) => {
      const annotations = { ...o.metadata.annotations };
      delete annotations[SERVED_AS];
      return { ...o, metadata: { ...o.metadata, annotations } };
    },
  },
};
const IMAGE = { repository: 'docker.io/nousresearch/hermes-agent', tag: '0.21.3' };

let env: AdmissionEnv;
let copy: string;

const labels = () => ({ [LABEL]: env.id });
const denied = (webhook: string, message: string) =>
  new RegExp(
    `admission webhook "${webhook}" denied the request: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
  );

function instance(
  name: string,
  spec: HermesInstanceSpec,
  opts: { apiVersion?: string; namespace?: string } = {},
): HermesInstanceResource {
  return {
    apiVersion: opts.apiVersion ?? REAL,
    kind: 'HermesInstance',
    metadata: { name, namespace: opts.namespace ?? env.ns, labels: labels() },
    spec,
  };
}

function selfConfig(name: string, spec: HermesSelfConfigSpec, apiVersion = REAL): KubeObject {
  return {
    apiVersion,
    kind: 'HermesSelfConfig',
    metadata: { name, namespace: env.ns, labels: labels() },
    spec,
  };
}

const ref = (kind: string, name: string, apiVersion = REAL, namespace: string | undefined = env.ns) => ({
  apiVersion,
  kind,
  name,
  ...(namespace ? { namespace } : {}),
});
const getInstance = (name: string, apiVersion = REAL, namespace = env.ns) =>
  env.client.get<HermesInstanceResource>(ref('HermesInstance', name, apiVersion, namespace));
const mergePatch = (r: ReturnType<typeof ref>, body: unknown, subresource?: string) =>
  env.client.patch(r, 'merge', body, subresource ? { subresource } : {});

beforeAll(async () => {
  env = await startAdmissionEnv(SPOKES);
  copy = `${env.group}/v1`;
});

afterAll(async () => {
  await env?.client
    .delete({ apiVersion: REAL, kind: 'HermesClusterDefaults', name: 'cluster' })
    .catch(() => undefined);
  await stopAdmissionEnv(env);
});

describe('defaulting through the API server', () => {
  it('fills FALLBACK_DEFAULTS when no HermesClusterDefaults exists', async () => {
    // The copy group has no singleton of its own, whatever other test files left behind.
    await env.client.create(instance('fallback', { config: { raw: { model: {} } } }, { apiVersion: copy }));
    const got = await getInstance('fallback', copy);
    expect(got.spec.image).toEqual({ ...FALLBACK_DEFAULTS.image, pullPolicy: 'IfNotPresent' });
    expect(got.spec.storage).toMatchObject({ enabled: true, size: '10Gi', accessModes: ['ReadWriteOnce'] });
    expect(got.spec.networking?.networkPolicy?.enabled).toBe(true);
    expect(got.spec.observability?.serviceMonitor?.enabled).toBe(false);
  });

  it('fills from HermesClusterDefaults "cluster", and an explicit instance value wins', async () => {
    const cd: HermesClusterDefaultsResource = {
      apiVersion: REAL,
      kind: 'HermesClusterDefaults',
      metadata: { name: 'cluster', labels: labels() },
      spec: {
        image: { repository: 'ghcr.io/acme/hermes-agent', tag: '1.4.2' },
        registry: { pullSecretName: 'ghcr-pull' },
        storage: { storageClassName: 'fast', size: '20Gi' },
        networking: { networkPolicy: { enabled: false } },
        observability: { serviceMonitor: { enabled: true } },
      },
    };
    await env.client.apply(cd, { fieldManager: FIELD_MANAGER, force: true });
    try {
      await env.client.create(instance('from-cluster', {}));
      const filled = await getInstance('from-cluster');
      expect(filled.spec.image).toMatchObject({
        repository: 'ghcr.io/acme/hermes-agent',
        tag: '1.4.2',
        pullSecrets: [{ name: 'ghcr-pull' }],
      });
      expect(filled.spec.storage).toMatchObject({ storageClassName: 'fast', size: '20Gi' });
      expect(filled.spec.networking?.networkPolicy?.enabled).toBe(false);
      expect(filled.spec.observability?.serviceMonitor?.enabled).toBe(true);

      await env.client.create(
        instance('explicit', {
          image: { repository: 'docker.io/me/hermes', tag: '0.21.3' },
          storage: { storageClassName: 'slow', size: '5Gi' },
          networking: { networkPolicy: { enabled: true } },
        }),
      );
      const explicit = await getInstance('explicit');
      expect(explicit.spec.image).toMatchObject({ repository: 'docker.io/me/hermes', tag: '0.21.3' });
      expect(explicit.spec.storage).toMatchObject({ storageClassName: 'slow', size: '5Gi' });
      expect(explicit.spec.networking?.networkPolicy?.enabled).toBe(true);
      expect(explicit.spec.observability?.serviceMonitor?.enabled).toBe(true); // unset: from the cluster

      // A GitOps tool re-applying a manifest without the defaulted fields does not flap them.
      const manifest = instance('gitops', { config: { raw: { model: {} } } });
      const first = await env.client.apply(manifest, { fieldManager: 'gitops', force: true });
      const second = await env.client.apply(manifest, { fieldManager: 'gitops', force: true });
      expect(first.spec).toMatchObject({ image: { tag: '1.4.2' }, storage: { storageClassName: 'fast' } });
      expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
    } finally {
      await env.client.delete({ apiVersion: REAL, kind: 'HermesClusterDefaults', name: 'cluster' });
    }
  });
});

describe('HermesInstance denials through the API server (create and update)', () => {
  const V = 'vhermesinstance.hermes.agent';
  const SIZE = (v: string) => `spec.storage.size: "${v}" is not a valid storage size`;

  it('spec.storage.size must be a positive whole number of bytes', async () => {
    expect(
      await rejection(() => env.client.create(instance('size-zero', { storage: { size: '0' } }))),
    ).toMatch(denied(V, SIZE('0')));
    await env.client.create(instance('size-ok', { storage: { size: '1Gi' } }));
    const r = ref('HermesInstance', 'size-ok');
    expect(await rejection(() => mergePatch(r, { spec: { storage: { size: '500m' } } }))).toMatch(
      denied(V, SIZE('500m')),
    );
  });

  it('spec.image.repository is required when nothing defaults it (validation without defaulting)', async () => {
    const ns = env.nsValidateOnly;
    const msg = denied(V, 'spec.image.repository: is required');
    expect(await rejection(() => env.client.create(instance('no-image', {}, { namespace: ns })))).toMatch(
      msg,
    );
    await env.client.create(instance('with-image', { image: IMAGE }, { namespace: ns }));
    const r = ref('HermesInstance', 'with-image', REAL, ns);
    expect(await rejection(() => mergePatch(r, { spec: { image: { repository: null } } }))).toMatch(msg);
  });

  it('spec.config needs exactly one of raw or configMapRef (webhook, on the CRD copy)', async () => {
    const msg = denied(V, 'spec.config: exactly one of raw or configMapRef must be set');
    const both = { config: { raw: { model: {} }, configMapRef: { name: 'c', key: 'config.yaml' } } };
    expect(
      await rejection(() => env.client.create(instance('config-both', both, { apiVersion: copy }))),
    ).toMatch(msg);
    await env.client.create(instance('config-raw', { config: { raw: { model: {} } } }, { apiVersion: copy }));
    const r = ref('HermesInstance', 'config-raw', copy);
    expect(await rejection(() => mergePatch(r, { spec: { config: { raw: null } } }))).toMatch(msg);
  });

  it('spec.selfConfigure.enabled needs explicit protectedKeys (webhook, on the CRD copy)', async () => {
    const msg = denied(V, 'spec.selfConfigure.protectedKeys: must list at least one path');
    expect(
      await rejection(() =>
        env.client.create(instance('sc-open', { selfConfigure: { enabled: true } }, { apiVersion: copy })),
      ),
    ).toMatch(msg);
    await env.client.create(instance('sc-off', { selfConfigure: { enabled: false } }, { apiVersion: copy }));
    const r = ref('HermesInstance', 'sc-off', copy);
    expect(
      await rejection(() => mergePatch(r, { spec: { selfConfigure: { enabled: true, protectedKeys: [] } } })),
    ).toMatch(msg);
  });

  it('storageClassName and accessModes are immutable (webhook, on the CRD copy)', async () => {
    await env.client.create(
      instance(
        'storage',
        { storage: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'] } },
        { apiVersion: copy },
      ),
    );
    const r = ref('HermesInstance', 'storage', copy);
    expect(await rejection(() => mergePatch(r, { spec: { storage: { storageClassName: 'gp2' } } }))).toMatch(
      denied(V, 'spec.storage.storageClassName: is immutable after creation (was "gp3", now "gp2")'),
    );
    expect(
      await rejection(() => mergePatch(r, { spec: { storage: { accessModes: ['ReadWriteMany'] } } })),
    ).toMatch(
      denied(
        V,
        'spec.storage.accessModes: is immutable after creation (was ["ReadWriteOnce"], now ["ReadWriteMany"])',
      ),
    );
    // Adding a class to an instance created without one is a change too.
    await env.client.create(instance('no-class', { storage: { size: '1Gi' } }, { apiVersion: copy }));
    expect(
      await rejection(() =>
        mergePatch(ref('HermesInstance', 'no-class', copy), {
          spec: { storage: { storageClassName: 'gp3' } },
        }),
      ),
    ).toMatch(denied(V, 'spec.storage.storageClassName: is immutable after creation (was null, now "gp3")'));
  });

  it('restoreFrom is locked once restored, migration once completed (webhook, on the CRD copy)', async () => {
    const backup = { s3: { bucket: 'bkt', credentialsSecretRef: { name: 's3' } } };
    const from = { source: { openclawInstanceRef: { name: 'claw' } } };
    await env.client.create(
      instance(
        'locked',
        { backup, restoreFrom: 'a.tar.zst', migration: { fromOpenClaw: from } },
        { apiVersion: copy },
      ),
    );
    const r = ref('HermesInstance', 'locked', copy);
    // Before the locks: changes are fine.
    await mergePatch(r, { spec: { restoreFrom: 'b.tar.zst' } });
    await mergePatch(r, { status: { restoredFrom: 'b.tar.zst', migrationCompleted: true } }, 'status');
    expect(await rejection(() => mergePatch(r, { spec: { restoreFrom: 'c.tar.zst' } }))).toMatch(
      denied(V, 'spec.restoreFrom: is locked once status.restoredFrom is set (restored from "b.tar.zst")'),
    );
    expect(await rejection(() => mergePatch(r, { spec: { migration: { fromOpenClaw: null } } }))).toMatch(
      denied(V, 'spec.migration.fromOpenClaw: is locked once status.migrationCompleted is true'),
    );
  });

  it('on the shipped CRDs the CEL rules answer first, also naming the field', async () => {
    await env.client.create(instance('cel', { image: IMAGE, storage: { storageClassName: 'gp3' } }));
    const message = await rejection(() =>
      mergePatch(ref('HermesInstance', 'cel'), { spec: { storage: { storageClassName: 'gp2' } } }),
    );
    expect(message).toMatch(
      /spec\.storage\.storageClassName: Invalid value: "gp2": storage\.storageClassName is immutable/,
    );
  });

  it('an update that leaves spec alone is admitted even if the spec breaks a rule (finalizers keep working)', async () => {
    // Created outside the webhooks' object selector (no image, nothing defaults it there), then
    // brought in front of the validating webhook by a metadata-only update.
    const ns = env.nsValidateOnly;
    const legacy = instance('legacy', {}, { namespace: ns });
    legacy.metadata.labels = { [LABEL]: 'not-this-test' };
    await env.client.create(legacy);
    const r = ref('HermesInstance', 'legacy', REAL, ns);
    await mergePatch(r, { metadata: { labels: labels(), finalizers: ['hermes.agent/test'] } });
    await mergePatch(r, { metadata: { finalizers: null } });
    expect(await rejection(() => mergePatch(r, { spec: { suspended: true } }))).toMatch(
      denied(V, 'spec.image.repository: is required'),
    );
  });
});

describe('warnings reach the client as Warning headers', () => {
  it('unknown config keys, an unresolvable gateway token, scaled-out gateways', async () => {
    const spec: HermesInstanceSpec = {
      config: { raw: { model: {}, modle: {} } },
      gateways: {
        telegram: { enabled: true, botTokenSecretRef: { name: 'tg-token', key: 'TELEGRAM_BOT_TOKEN' } },
      },
      availability: { hpa: { enabled: true, maxReplicas: 2 } },
    };
    const { warnings } = await withWarnings(env, () => env.client.create(instance('warned', spec)));
    expect(warnings).toEqual([
      'spec.config.raw: unknown top-level key "modle"; hermes-agent ignores keys it does not know',
      'spec.availability.hpa: up to 2 replicas with gateway telegram enabled: two gateways polling one bot token conflict; run one replica per token',
      `spec.gateways.telegram.botTokenSecretRef: Secret "tg-token" not found in namespace "${env.ns}"; the pod will not start until it exists`,
    ]);
    // The instance was admitted.
    expect((await getInstance('warned')).metadata.uid).toBeDefined();

    await env.client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'tg-token', namespace: env.ns },
      stringData: { TELEGRAM_BOT_TOKEN: '123:abc' },
    });
    const resolved = await withWarnings(env, () =>
      env.client.create(instance('resolved', { gateways: spec.gateways, config: { raw: { model: {} } } })),
    );
    expect(resolved.warnings).toEqual([]);
  });

  it('on update: a storage size change and a missing config ConfigMap', async () => {
    await env.client.create(instance('resize', { storage: { size: '1Gi' } }));
    const { warnings } = await withWarnings(env, () =>
      mergePatch(ref('HermesInstance', 'resize'), {
        spec: { storage: { size: '2Gi' }, config: { configMapRef: { name: 'missing-config' } } },
      }),
    );
    expect(warnings).toEqual([
      'spec.storage.size: changed from "1Gi" to "2Gi", but the operator never updates an existing claim; expand the PersistentVolumeClaim yourself if its StorageClass allows it',
      `spec.config.configMapRef: ConfigMap "missing-config" not found in namespace "${env.ns}"; the pod will not start until it exists`,
    ]);
  });
});

describe('HermesSelfConfig policy through the API server', () => {
  const V = 'vhermesselfconfig.hermes.agent';

  beforeAll(async () => {
    await env.client.create(
      instance('agent', {
        selfConfigure: {
          enabled: true,
          allowedActions: ['config', 'envVars', 'workspaceFiles'],
          protectedKeys: ['model.provider', 'env:OPENAI_API_KEY', 'file:SOUL.md'],
        },
      }),
    );
    await env.client.create(instance('closed', {}));
  });

  it('denies a request whose instance does not exist or does not accept self-configuration', async () => {
    expect(
      await rejection(() =>
        env.client.create(selfConfig('orphan', { instanceRef: 'nobody', patchConfig: { cron: {} } })),
      ),
    ).toMatch(denied(V, `spec.instanceRef: HermesInstance "nobody" not found in namespace "${env.ns}"`));
    expect(
      await rejection(() =>
        env.client.create(selfConfig('closed', { instanceRef: 'closed', patchConfig: { cron: {} } })),
      ),
    ).toMatch(
      denied(
        V,
        'spec.instanceRef: HermesInstance "closed" does not accept self-configuration (spec.selfConfigure.enabled is not true)',
      ),
    );
  });

  it('denies actions outside allowedActions and changes touching protected keys, with the reason', async () => {
    const cases: [HermesSelfConfigSpec, string][] = [
      [
        { instanceRef: 'agent', addSkills: [{ source: 'git+https://github.com/foo/skill' }] },
        'spec.addSkills: action "skills" is not allowed by HermesInstance "agent" (spec.selfConfigure.allowedActions: ["config", "envVars", "workspaceFiles"])',
      ],
      [
        { instanceRef: 'agent', patchConfig: { model: { provider: 'evil' } } },
        'spec.patchConfig.model.provider: touches protected key "model.provider" of HermesInstance "agent"',
      ],
      [
        { instanceRef: 'agent', addEnvVars: [{ name: 'OPENAI_API_KEY', value: 'stolen' }] },
        'spec.addEnvVars[0].name: touches protected key "env:OPENAI_API_KEY" of HermesInstance "agent"',
      ],
      [
        { instanceRef: 'agent', addWorkspaceFiles: [{ path: 'SOUL.md', content: 'new soul' }] },
        'spec.addWorkspaceFiles[0].path: touches protected key "file:SOUL.md" of HermesInstance "agent"',
      ],
      [
        { instanceRef: 'agent', addWorkspaceFiles: [{ path: '.env', content: 'OPENAI_API_KEY=x' }] },
        'spec.addWorkspaceFiles[0].path: ".env" cannot be written as a workspace file; use addEnvVars (checked against protectedKeys)',
      ],
    ];
    for (const [i, [spec, message]] of cases.entries()) {
      expect(await rejection(() => env.client.create(selfConfig(`denied-${i}`, spec)))).toMatch(
        denied(V, message),
      );
    }
  });

  it('denies skills from a source outside allowedSkillSources', async () => {
    await env.client.create(
      instance('skilled', {
        selfConfigure: {
          enabled: true,
          allowedActions: ['skills'],
          protectedKeys: ['model'],
          allowedSkillSources: ['git+https://github.com/my-org/'],
        },
      }),
    );
    const foreign = { instanceRef: 'skilled', addSkills: [{ source: 'git+https://github.com/evil/x' }] };
    expect(await rejection(() => env.client.create(selfConfig('foreign-skill', foreign)))).toMatch(
      denied(
        V,
        'spec.addSkills[0].source: "git+https://github.com/evil/x" does not start with an allowed skill source (spec.selfConfigure.allowedSkillSources: ["git+https://github.com/my-org/"])',
      ),
    );
    const own = { instanceRef: 'skilled', addSkills: [{ source: 'git+https://github.com/my-org/x@v1' }] };
    await env.client.create(selfConfig('own-skill', own));
  });

  it('admits an allowed request, and later metadata updates even after the instance is gone', async () => {
    await env.client.create(
      selfConfig('allowed', {
        instanceRef: 'agent',
        patchConfig: { model: { default: 'x' } },
        addEnvVars: [{ name: 'TZ', value: 'UTC' }],
      }),
    );
    await env.client.delete(ref('HermesInstance', 'agent'));
    await mergePatch(ref('HermesSelfConfig', 'allowed'), { metadata: { labels: { reviewed: 'yes' } } });
  });

  it('spec is immutable, workspace paths stay inside $HERMES_HOME (webhook, on the CRD copy)', async () => {
    await env.client.create(
      instance(
        'copy-agent',
        {
          selfConfigure: {
            enabled: true,
            allowedActions: ['config', 'workspaceFiles'],
            protectedKeys: ['model'],
          },
        },
        { apiVersion: copy },
      ),
    );
    await env.client.create(
      selfConfig('copy-req', { instanceRef: 'copy-agent', patchConfig: { cron: {} } }, copy),
    );
    expect(
      await rejection(() =>
        mergePatch(ref('HermesSelfConfig', 'copy-req', copy), { spec: { patchConfig: { model: 'x' } } }),
      ),
    ).toMatch(denied(V, 'spec: is immutable; create a new HermesSelfConfig for another change'));
    // The CRD's CEL rule catches this on the shipped CRDs; the webhook says it too.
    const escape = {
      instanceRef: 'copy-agent',
      addWorkspaceFiles: [{ path: '../etc/passwd', content: 'x' }],
    };
    expect(await rejection(() => env.client.create(selfConfig('escape', escape, copy)))).toMatch(
      denied(
        V,
        'spec.addWorkspaceFiles[0].path: "../etc/passwd" must be a relative path without .. segments',
      ),
    );
  });
});

describe('HermesClusterDefaults through the API server', () => {
  const V = 'vhermesclusterdefaults.hermes.agent';
  const cd = (
    name: string,
    spec: HermesClusterDefaultsResource['spec'],
    apiVersion = REAL,
  ): HermesClusterDefaultsResource => ({
    apiVersion,
    kind: 'HermesClusterDefaults',
    metadata: { name, labels: labels() },
    spec,
  });

  it('only "cluster" is accepted (webhook, on the CRD copy): create and update', async () => {
    expect(await rejection(() => env.client.create(cd('defaults', {}, copy)))).toMatch(
      denied(
        V,
        'metadata.name: HermesClusterDefaults is a singleton and must be named "cluster", not "defaults"',
      ),
    );
    // The conversion probe exists under another name, outside the webhook's object selector: selecting it
    // with an update brings it in front of the webhook.
    const probe = ref('HermesClusterDefaults', 'conversion-probe', copy, undefined);
    expect(await rejection(() => mergePatch(probe, { metadata: { labels: labels() } }))).toMatch(
      denied(
        V,
        'metadata.name: HermesClusterDefaults is a singleton and must be named "cluster", not "conversion-probe"',
      ),
    );
  });

  it('its storage size must be one a volume can have: create and update', async () => {
    const msg = denied(V, 'spec.storage.size: "0" is not a valid storage size');
    expect(await rejection(() => env.client.create(cd('cluster', { storage: { size: '0' } }, copy)))).toMatch(
      msg,
    );
    await env.client.create(cd('cluster', { storage: { size: '1Gi' } }, copy));
    const r = ref('HermesClusterDefaults', 'cluster', copy, undefined);
    expect(await rejection(() => mergePatch(r, { spec: { storage: { size: '0' } } }))).toMatch(msg);
  });
});

describe('conversion through a CRD (the copy serves v1 and v2)', () => {
  it('the CRDs carry the injected CA bundle, and a second sync writes nothing', async () => {
    for (const crd of env.copies) {
      const got = await env.client.get<
        KubeObject & { spec: { conversion: { webhook: { clientConfig: { caBundle?: string } } } } }
      >({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: crd.metadata.name,
      });
      expect(got.spec.conversion.webhook.clientConfig.caBundle).toBe(
        Buffer.from(env.certs.caBundle ?? '').toString('base64'),
      );
    }
    const report = await env.certs.sync();
    expect(report.patched).toEqual([]);
    expect(report.unchanged).toHaveLength(4 + env.copies.length);
  });

  it('an instance stored as v1 reads as v2 and back, through the webhook', async () => {
    const v2 = `${env.group}/v2`;
    await env.client.create(instance('convert', { image: IMAGE }, { apiVersion: copy }));
    const asV2 = await getInstance('convert', v2);
    expect(asV2.apiVersion).toBe(v2);
    expect(asV2.metadata.annotations?.[SERVED_AS]).toBe('v2');
    expect(asV2.spec.image).toMatchObject(IMAGE);

    await env.client.create(instance('convert-v2', { image: IMAGE }, { apiVersion: v2 }));
    const stored = await getInstance('convert-v2', copy);
    expect(stored.apiVersion).toBe(copy);
    expect(stored.metadata.annotations?.[SERVED_AS]).toBeUndefined();
  });
});
