// The self-hosted Honcho stack: API, deriver, PostgreSQL with pgvector, Redis, credentials, policy.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/resources/k8s-types.ts';
import { CONTEXT, build, containerOf, envOf, find, get, instance, podSpec, spec } from './fixtures.ts';

const selfHosted = (extra: Json = {}) =>
  build(
    instance({
      profileStore: {
        enabled: true,
        selfHosted: {
          image: { repository: 'ghcr.io/plastic-labs/honcho', tag: 'v3.0.0' },
          llmApiKeySecretRef: { name: 'llm' },
          ...extra,
        },
      },
    }),
  );

describe('self-hosted Honcho', () => {
  it('builds the API, the deriver, PostgreSQL and Redis with their Services', () => {
    const objs = selfHosted();
    for (const [kind, name] of [
      ['Deployment', 'h-honcho'],
      ['Service', 'h-honcho'],
      ['Deployment', 'h-honcho-deriver'],
      ['StatefulSet', 'h-honcho-postgres'],
      ['Service', 'h-honcho-postgres'],
      ['PersistentVolumeClaim', 'h-honcho-postgres'],
      ['ConfigMap', 'h-honcho-postgres-init'],
      ['Deployment', 'h-honcho-redis'],
      ['Service', 'h-honcho-redis'],
      ['Secret', 'h-honcho-credentials'],
      ['NetworkPolicy', 'h-honcho'],
    ]) {
      expect(find(objs, kind!, name), `${kind} ${name}`).toBeDefined();
    }
  });

  it('generates the database credentials once (create-only) from the context', () => {
    const secret = get(selfHosted(), 'Secret', 'h-honcho-credentials');
    expect(secret.metadata.annotations).toEqual({ 'hermes.agent/create-only': 'true' });
    const data = secret['data'] as Record<string, string>;
    const uri = Buffer.from(data['DB_CONNECTION_URI']!, 'base64').toString();
    expect(uri).toBe(
      `postgresql+psycopg://honcho:${CONTEXT.honchoPostgresPassword}@h-honcho-postgres.agents.svc:5432/honcho`,
    );
    expect(() =>
      build(instance({ profileStore: { enabled: true, selfHosted: { image: {} } } }), {
        apiKey: 'k'.repeat(32),
      }),
    ).toThrow(/honchoPostgresPassword/);
  });

  it('wires the API and deriver to PostgreSQL, Redis and the LLM keys', () => {
    const objs = selfHosted();
    const api = containerOf(podSpec(get(objs, 'Deployment', 'h-honcho')), 'api');
    const deriver = containerOf(podSpec(get(objs, 'Deployment', 'h-honcho-deriver')), 'deriver');
    for (const c of [api, deriver]) {
      expect(c.image).toBe('ghcr.io/plastic-labs/honcho:v3.0.0');
      expect(envOf(c)).toMatchObject({
        DB_CONNECTION_URI: { secretKeyRef: { name: 'h-honcho-credentials', key: 'DB_CONNECTION_URI' } },
        CACHE_URL: 'redis://h-honcho-redis:6379/0?suppress=true',
        CACHE_ENABLED: 'true',
      });
      expect(c.envFrom).toEqual([{ secretRef: { name: 'llm' } }]);
    }
    expect(api.command).toEqual(['sh', 'docker/entrypoint.sh']);
    expect(deriver.command).toEqual(['/app/.venv/bin/python', '-m', 'src.deriver']);
    expect(api.readinessProbe?.httpGet).toEqual({ path: '/health', port: 'http', scheme: 'HTTP' });
  });

  it('sets the Deployment server defaults explicitly', () => {
    expect(spec(get(selfHosted(), 'Deployment', 'h-honcho'))).toMatchObject({
      replicas: 1,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    });
  });

  it('runs PostgreSQL with pgvector as UID 999 on its claim, enabling the vector extension', () => {
    const objs = selfHosted({ postgres: { persistence: { size: '5Gi' } } });
    const pod = podSpec(get(objs, 'StatefulSet', 'h-honcho-postgres'));
    const pg = containerOf(pod, 'postgres');
    expect(pg.image).toBe('docker.io/pgvector/pgvector:pg17');
    expect(pg.securityContext).toMatchObject({ runAsUser: 999, readOnlyRootFilesystem: true });
    expect(pod.volumes).toContainEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: 'h-honcho-postgres' },
    });
    expect(spec(get(objs, 'PersistentVolumeClaim', 'h-honcho-postgres'))).toMatchObject({
      resources: { requests: { storage: '5Gi' } },
    });
    expect(
      (get(objs, 'ConfigMap', 'h-honcho-postgres-init')['data'] as Record<string, string>)['init.sql'],
    ).toContain('CREATE EXTENSION IF NOT EXISTS vector');
  });

  it('uses external PostgreSQL and Redis from their URL Secrets instead of deploying them', () => {
    const objs = selfHosted({
      postgres: { mode: 'external', urlSecretRef: { name: 'pg' } },
      redis: { mode: 'external', urlSecretRef: { name: 'rd', key: 'url' } },
    });
    expect(find(objs, 'StatefulSet', 'h-honcho-postgres')).toBeUndefined();
    expect(find(objs, 'Deployment', 'h-honcho-redis')).toBeUndefined();
    expect(find(objs, 'Secret', 'h-honcho-credentials')).toBeUndefined();
    const api = containerOf(podSpec(get(objs, 'Deployment', 'h-honcho')), 'api');
    expect(envOf(api)).toMatchObject({
      DB_CONNECTION_URI: { secretKeyRef: { name: 'pg', key: 'DB_CONNECTION_URI' } },
      CACHE_URL: { secretKeyRef: { name: 'rd', key: 'url' } },
    });
    const egress = spec(get(objs, 'NetworkPolicy', 'h-honcho'))['egress'] as Json[];
    expect(egress).toContainEqual({
      ports: [
        { port: 5432, protocol: 'TCP' },
        { port: 6379, protocol: 'TCP' },
      ],
    });
  });

  it('lets only the agent reach the API and only the API and deriver reach the databases', () => {
    const ingress = spec(get(selfHosted(), 'NetworkPolicy', 'h-honcho'))['ingress'] as Json[];
    expect(ingress[0]).toEqual({
      from: [
        {
          podSelector: {
            matchLabels: {
              'app.kubernetes.io/name': 'hermes-agent',
              'app.kubernetes.io/instance': 'h',
              'app.kubernetes.io/component': 'agent',
            },
          },
        },
      ],
      ports: [{ port: 8000, protocol: 'TCP' }],
    });
    expect(ingress[1]?.['ports']).toEqual([
      { port: 5432, protocol: 'TCP' },
      { port: 6379, protocol: 'TCP' },
    ]);
  });

  it('deploys nothing for an external Honcho', () => {
    const objs = build(
      instance({ profileStore: { enabled: true, external: { url: 'http://honcho:8000' } } }),
    );
    expect(objs.some((o) => o.metadata.name?.includes('honcho'))).toBe(false);
  });
});
