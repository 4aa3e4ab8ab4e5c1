// ConfigMaps, the API key Secret, claims, ServiceAccount, Role and RoleBinding.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildApiKeySecret, buildConfigConfigMap, buildDataClaim } from '../../../src/resources/index.ts';
import { CONTEXT, build, find, get, instance, spec } from './fixtures.ts';

const data = (o: { [k: string]: unknown }) => o['data'] as Record<string, string>;

describe('config ConfigMap', () => {
  it('renders config.raw as config.yaml and ships the init script', () => {
    const cm = buildConfigConfigMap(instance({ config: { raw: { model: { provider: 'openrouter' } } } }));
    expect(parse(data(cm)['config.yaml']!)).toEqual({ model: { provider: 'openrouter' } });
    expect(data(cm)['config_init.py']).toContain('config-init (hermes-operator)');
    expect(data(cm)['operator.yaml']).toBeUndefined();
  });

  it('has no config.yaml with config.configMapRef (the user ConfigMap is projected instead)', () => {
    const cm = buildConfigConfigMap(instance({ config: { configMapRef: { name: 'mine' } } }));
    expect(data(cm)['config.yaml']).toBeUndefined();
  });

  it('writes honcho.json from profileStore.config', () => {
    const cm = buildConfigConfigMap(
      instance({
        profileStore: { enabled: true, external: { url: 'http://x' }, config: { workspace: 'w' } },
      }),
    );
    expect(JSON.parse(data(cm)['honcho.json']!)).toEqual({ workspace: 'w' });
  });
});

describe('workspace ConfigMap', () => {
  it('stores files under file-<n> keys with a manifest of paths, modes and the policy', () => {
    const objs = build(
      instance({
        workspace: {
          policy: 'Always',
          files: [{ path: 'memories/USER.md', content: 'hi', mode: 384 }],
          directories: ['workspace/a'],
        },
      }),
    );
    const cm = get(objs, 'ConfigMap', 'h-workspace');
    expect(data(cm)['file-0']).toBe('hi');
    expect(JSON.parse(data(cm)['manifest.json']!)).toEqual({
      policy: 'Always',
      directories: ['workspace/a'],
      files: [{ key: 'file-0', path: 'memories/USER.md', mode: 384 }],
    });
    expect(find(build(instance({})), 'ConfigMap', 'h-workspace')).toBeUndefined();
  });
});

describe('API key Secret', () => {
  it('holds the key from the context, marked create-only', () => {
    const s = buildApiKeySecret(instance({}), undefined, { apiKey: 'k'.repeat(32) });
    expect(s).toMatchObject({
      type: 'Opaque',
      metadata: { name: 'h-api-key', annotations: { 'hermes.agent/create-only': 'true' } },
      data: { API_SERVER_KEY: Buffer.from('k'.repeat(32)).toString('base64') },
    });
  });

  it('is not built for a user key or without the API server, and needs a key otherwise', () => {
    expect(
      buildApiKeySecret(instance({ networking: { apiServer: { keySecretRef: { name: 'k' } } } })),
    ).toBeUndefined();
    expect(buildApiKeySecret(instance({ networking: { apiServer: { enabled: false } } }))).toBeUndefined();
    expect(() => buildApiKeySecret(instance({}), undefined, {})).toThrow(/apiKey/);
  });
});

describe('data claim', () => {
  it('is ReadWriteOnce Filesystem with the size and class, annotations from storage', () => {
    const pvc = buildDataClaim(
      instance({ storage: { size: '20Gi', storageClassName: 'fast', annotations: { a: 'b' } } }),
    );
    expect(pvc?.metadata.annotations).toEqual({ a: 'b' });
    expect(spec(pvc!)).toEqual({
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '20Gi' } },
      volumeMode: 'Filesystem',
      storageClassName: 'fast',
    });
  });

  it('defaults to 10Gi and the cluster default class', () => {
    expect(spec(buildDataClaim(instance({}))!)).toEqual({
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '10Gi' } },
      volumeMode: 'Filesystem',
    });
  });

  it('is not built without storage, with an existing claim, or with per-replica claims', () => {
    expect(buildDataClaim(instance({ storage: { enabled: false } }))).toBeUndefined();
    expect(buildDataClaim(instance({ storage: { existingClaim: 'x' } }))).toBeUndefined();
    expect(buildDataClaim(instance({ availability: { hpa: { enabled: true } } }))).toBeUndefined();
  });
});

describe('RBAC', () => {
  it('creates a ServiceAccount without token automount, with merged annotations', () => {
    const objs = build(
      instance({ security: { serviceAccount: { annotations: { own: '1', shared: 'instance' } } } }),
      CONTEXT,
      {
        spec: { security: { serviceAccount: { annotations: { cluster: '1', shared: 'cluster' } } } },
      },
    );
    const sa = get(objs, 'ServiceAccount');
    expect(sa['automountServiceAccountToken']).toBe(false);
    expect(sa.metadata.annotations).toEqual({ cluster: '1', own: '1', shared: 'instance' });
  });

  it('grants reading its own instance plus additional rules, bound to the service account', () => {
    const objs = build(
      instance({
        security: { rbac: { additionalRules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] } },
      }),
    );
    expect(get(objs, 'Role')['rules']).toEqual([
      {
        apiGroups: ['hermes.agent'],
        resources: ['hermesinstances'],
        resourceNames: ['h'],
        verbs: ['get', 'watch'],
      },
      { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
    ]);
    expect(get(objs, 'RoleBinding')).toMatchObject({
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'h' },
      subjects: [{ kind: 'ServiceAccount', name: 'h', namespace: 'agents' }],
    });
  });

  it('builds no ServiceAccount with create false and no Role with rbac.create false', () => {
    const objs = build(
      instance({ security: { serviceAccount: { create: false, name: 'x' }, rbac: { create: false } } }),
    );
    expect(find(objs, 'ServiceAccount')).toBeUndefined();
    expect(find(objs, 'Role')).toBeUndefined();
    expect(find(objs, 'RoleBinding')).toBeUndefined();
  });
});
