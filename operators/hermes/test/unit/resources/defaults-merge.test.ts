// HermesClusterDefaults merge: the cluster fills only what the instance leaves unset; explicit
// instance values win, including false, 0 and empty strings and lists.
import { describe, expect, it } from 'vitest';
import { resolveSpec } from '../../../src/resources/defaults-merge.ts';
import type { InstanceSpec } from '../../../src/resources/defaults-merge.ts';

type Cluster = Parameters<typeof resolveSpec>[1];
const cd = (spec: NonNullable<Cluster>['spec']): Cluster => ({ spec });

const CLUSTER = cd({
  image: { repository: 'cluster/repo', tag: '9.9.9', pullPolicy: 'Always' },
  registry: { pullSecretName: 'cluster-pull' },
  storage: { storageClassName: 'cluster-class', size: '99Gi' },
  resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '8Gi' } },
  security: {
    serviceAccount: { annotations: { a: 'cluster', b: 'cluster' } },
    podSecurityContext: { fsGroup: 1, runAsUser: 1 },
    containerSecurityContext: { readOnlyRootFilesystem: true },
  },
  observability: { serviceMonitor: { enabled: true, labels: { release: 'cluster', extra: 'cluster' } } },
  networking: {
    networkPolicy: { enabled: true },
    ingress: { className: 'cluster', annotations: { x: 'cluster' } },
  },
  backup: { schedule: '0 1 * * *', s3: { bucket: 'cluster', credentialsSecretRef: { name: 'c' } } },
  scheduling: {
    nodeSelector: { zone: 'cluster' },
    tolerations: [{ key: 'cluster' }],
    priorityClassName: 'cluster',
  },
});

const resolve = (spec: InstanceSpec, cluster: Cluster = CLUSTER) => resolveSpec(spec, cluster);

describe('resolveSpec: cluster defaults fill unset fields', () => {
  it.each([
    ['image.repository', {}, (s: InstanceSpec) => s.image?.repository, 'cluster/repo'],
    ['image.tag', {}, (s: InstanceSpec) => s.image?.tag, '9.9.9'],
    ['image.pullPolicy', {}, (s: InstanceSpec) => s.image?.pullPolicy, 'Always'],
    ['image.pullSecrets', {}, (s: InstanceSpec) => s.image?.pullSecrets, [{ name: 'cluster-pull' }]],
    ['storage.size', {}, (s: InstanceSpec) => s.storage?.size, '99Gi'],
    ['storage.storageClassName', {}, (s: InstanceSpec) => s.storage?.storageClassName, 'cluster-class'],
    [
      'resources',
      {},
      (s: InstanceSpec) => s.resources,
      { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '8Gi' } },
    ],
    ['serviceMonitor.enabled', {}, (s: InstanceSpec) => s.observability?.serviceMonitor?.enabled, true],
    ['networkPolicy.enabled', {}, (s: InstanceSpec) => s.networking?.networkPolicy?.enabled, true],
    ['scheduling.nodeSelector', {}, (s: InstanceSpec) => s.scheduling?.nodeSelector, { zone: 'cluster' }],
    ['scheduling.tolerations', {}, (s: InstanceSpec) => s.scheduling?.tolerations, [{ key: 'cluster' }]],
    ['scheduling.priorityClassName', {}, (s: InstanceSpec) => s.scheduling?.priorityClassName, 'cluster'],
    [
      'backup.schedule',
      { backup: { s3: { bucket: 'own', credentialsSecretRef: { name: 'o' } } } },
      (s: InstanceSpec) => s.backup?.schedule,
      '0 1 * * *',
    ],
    [
      'ingress.className',
      { networking: { ingress: { enabled: true, host: 'h' } } },
      (s: InstanceSpec) => s.networking?.ingress?.className,
      'cluster',
    ],
  ] as [string, InstanceSpec, (s: InstanceSpec) => unknown, unknown][])('%s', (_, spec, read, expected) => {
    expect(read(resolve(spec))).toEqual(expected);
  });
});

describe('resolveSpec: explicit instance values win', () => {
  it.each([
    ['image.repository', { image: { repository: 'own' } }, (s: InstanceSpec) => s.image?.repository, 'own'],
    ['image.tag', { image: { tag: '1.0.0' } }, (s: InstanceSpec) => s.image?.tag, '1.0.0'],
    [
      'image.pullSecrets: [] (explicitly none)',
      { image: { pullSecrets: [] } },
      (s: InstanceSpec) => s.image?.pullSecrets,
      [],
    ],
    ['storage.size', { storage: { size: '1Gi' } }, (s: InstanceSpec) => s.storage?.size, '1Gi'],
    [
      'storage.storageClassName: "" (no class)',
      { storage: { storageClassName: '' } },
      (s: InstanceSpec) => s.storage?.storageClassName,
      '',
    ],
    [
      'networkPolicy.enabled: false',
      { networking: { networkPolicy: { enabled: false } } },
      (s: InstanceSpec) => s.networking?.networkPolicy?.enabled,
      false,
    ],
    [
      'serviceMonitor.enabled: false',
      { observability: { serviceMonitor: { enabled: false } } },
      (s: InstanceSpec) => s.observability?.serviceMonitor?.enabled,
      false,
    ],
    [
      'resources.requests.cpu (memory still filled)',
      { resources: { requests: { cpu: '0' } } },
      (s: InstanceSpec) => s.resources?.requests,
      { cpu: '0', memory: '1Gi' },
    ],
    [
      'scheduling.tolerations: []',
      { scheduling: { tolerations: [] } },
      (s: InstanceSpec) => s.scheduling?.tolerations,
      [],
    ],
    [
      'scheduling.nodeSelector: {}',
      { scheduling: { nodeSelector: {} } },
      (s: InstanceSpec) => s.scheduling?.nodeSelector,
      {},
    ],
    [
      'scheduling.priorityClassName: ""',
      { scheduling: { priorityClassName: '' } },
      (s: InstanceSpec) => s.scheduling?.priorityClassName,
      '',
    ],
    [
      'backup.schedule',
      { backup: { schedule: '@daily', s3: { bucket: 'own', credentialsSecretRef: { name: 'o' } } } },
      (s: InstanceSpec) => s.backup?.schedule,
      '@daily',
    ],
    [
      'ingress.className',
      { networking: { ingress: { enabled: true, host: 'h', className: 'own' } } },
      (s: InstanceSpec) => s.networking?.ingress?.className,
      'own',
    ],
  ] as [string, InstanceSpec, (s: InstanceSpec) => unknown, unknown][])('%s', (_, spec, read, expected) => {
    expect(read(resolve(spec))).toEqual(expected);
  });

  it('merges maps key by key with instance keys winning', () => {
    const s = resolve({
      security: {
        serviceAccount: { annotations: { b: 'own' } },
        podSecurityContext: { runAsUser: 5 },
      },
      observability: { serviceMonitor: { labels: { release: 'own' } } },
      networking: { ingress: { enabled: true, host: 'h', annotations: { y: 'own' } } },
    });
    expect(s.security?.serviceAccount?.annotations).toEqual({ a: 'cluster', b: 'own' });
    expect(s.security?.podSecurityContext).toEqual({ fsGroup: 1, runAsUser: 5 });
    expect(s.security?.containerSecurityContext).toEqual({ readOnlyRootFilesystem: true });
    expect(s.observability?.serviceMonitor?.labels).toEqual({ release: 'own', extra: 'cluster' });
    expect(s.networking?.ingress?.annotations).toEqual({ x: 'cluster', y: 'own' });
  });

  it('does not create an Ingress or backup section the instance does not have', () => {
    const s = resolve({});
    expect(s.networking?.ingress).toBeUndefined();
    expect(s.backup).toBeUndefined();
  });
});

describe('resolveSpec: fallbacks when neither side sets a field', () => {
  it('uses the upstream image (IfNotPresent), 10Gi, a NetworkPolicy and no ServiceMonitor', () => {
    const s = resolveSpec({}, undefined);
    expect(s.image).toEqual({
      repository: 'docker.io/nousresearch/hermes-agent',
      tag: 'stable',
      pullPolicy: 'IfNotPresent',
    });
    expect(s.storage?.size).toBe('10Gi');
    expect(s.networking?.networkPolicy?.enabled).toBe(true);
    expect(s.observability?.serviceMonitor?.enabled).toBe(false);
  });

  it('does not change its input', () => {
    const spec: InstanceSpec = { image: { tag: '1' } };
    resolveSpec(spec, CLUSTER);
    expect(spec).toEqual({ image: { tag: '1' } });
  });
});
