// Desired objects the way hermes builders make them: realistic, and with every server default set
// explicitly, so that what reads back from the API server equals what was built. Shared by the
// unit tests, the integration tests (which prove the read-back claim on a real API server) and
// the benchmark.
import type { KubeObject } from '../../../src/client/types.ts';

export const operatorLabels = (name: string): Record<string, string> => ({
  'app.kubernetes.io/name': 'hermes',
  'app.kubernetes.io/instance': name,
  'app.kubernetes.io/managed-by': 'hermes-operator',
  'app.kubernetes.io/component': 'agent',
});

const probe = (path: string, failureThreshold: number): Record<string, unknown> => ({
  httpGet: { path, port: 'http', scheme: 'HTTP' },
  initialDelaySeconds: 5,
  timeoutSeconds: 1,
  periodSeconds: 10,
  successThreshold: 1,
  failureThreshold,
});

function podTemplate(name: string, extraVolumes: Record<string, unknown>[] = []): Record<string, unknown> {
  return {
    metadata: {
      labels: operatorLabels(name),
      annotations: {
        'hermes.agent/config-hash': 'sha256-3f1c2a9b7e',
        'hermes.agent/secret-hash': 'sha256-77ab01cd9e',
      },
    },
    spec: {
      serviceAccountName: name,
      automountServiceAccountToken: false,
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      securityContext: {
        runAsUser: 10000,
        runAsGroup: 10000,
        runAsNonRoot: true,
        fsGroup: 10000,
        fsGroupChangePolicy: 'OnRootMismatch',
        seccompProfile: { type: 'RuntimeDefault' },
      },
      initContainers: [
        {
          name: 'init-dirs',
          image: 'ghcr.io/nousresearch/hermes-agent:v0.4.2',
          imagePullPolicy: 'IfNotPresent',
          command: ['sh', '-c', 'mkdir -p /data/home /data/workspace /data/.config'],
          resources: { requests: { cpu: '50m', memory: '32Mi' }, limits: { cpu: '100m', memory: '64Mi' } },
          volumeMounts: [{ name: 'data', mountPath: '/data' }],
          securityContext: {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      containers: [
        {
          name: 'agent',
          image: 'ghcr.io/nousresearch/hermes-agent:v0.4.2',
          imagePullPolicy: 'IfNotPresent',
          args: ['gateway', '--config', '/etc/hermes/config.yaml'],
          ports: [
            { name: 'http', containerPort: 8080, protocol: 'TCP' },
            { name: 'metrics', containerPort: 9090, protocol: 'TCP' },
          ],
          env: [
            { name: 'HOME', value: '/data/home' },
            { name: 'HERMES_INSTANCE', value: name },
            { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
            {
              name: 'OPENROUTER_API_KEY',
              valueFrom: { secretKeyRef: { name: `${name}-llm`, key: 'api-key', optional: false } },
            },
          ],
          envFrom: [{ configMapRef: { name: `${name}-env` } }],
          resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '2', memory: '4Gi' } },
          livenessProbe: probe('/healthz', 6),
          readinessProbe: probe('/readyz', 3),
          startupProbe: probe('/healthz', 30),
          volumeMounts: [
            { name: 'data', mountPath: '/data' },
            { name: 'config', mountPath: '/etc/hermes', readOnly: true },
            { name: 'tmp', mountPath: '/tmp' },
            { name: 'data', mountPath: '/data/home/.config', subPath: '.config' },
          ],
          securityContext: {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      volumes: [
        { name: 'config', configMap: { name: `${name}-config`, defaultMode: 420 } },
        { name: 'gateway-token', secret: { secretName: `${name}-gateway-token`, defaultMode: 256 } },
        { name: 'tmp', emptyDir: { sizeLimit: '1Gi' } },
        ...extraVolumes,
      ],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'agents', effect: 'NoSchedule' }],
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 100,
              podAffinityTerm: {
                topologyKey: 'kubernetes.io/hostname',
                labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'hermes' } },
              },
            },
          ],
        },
      },
    },
  };
}

export function statefulSet(ns: string, name = 'agent'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: {
      name,
      namespace: ns,
      labels: operatorLabels(name),
      annotations: { 'hermes.agent/generation': '1' },
    },
    spec: {
      replicas: 1,
      serviceName: name,
      selector: { matchLabels: { 'app.kubernetes.io/name': 'hermes', 'app.kubernetes.io/instance': name } },
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      template: podTemplate(name),
      volumeClaimTemplates: [
        {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          metadata: { name: 'data', labels: operatorLabels(name) },
          spec: {
            accessModes: ['ReadWriteOnce'],
            resources: { requests: { storage: '10Gi' } },
            volumeMode: 'Filesystem',
          },
          // Set by the API server on every claim template; a builder states it to match.
          status: { phase: 'Pending' },
        },
      ],
    },
  };
}

export function deployment(ns: string, name = 'honcho'): KubeObject {
  const template = podTemplate(name, [
    { name: 'data', persistentVolumeClaim: { claimName: `${name}-data` } },
  ]);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns, labels: operatorLabels(name) },
    spec: {
      replicas: 2,
      selector: { matchLabels: { 'app.kubernetes.io/name': 'hermes', 'app.kubernetes.io/instance': name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      template,
    },
  };
}

export function service(ns: string, name = 'agent'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: ns, labels: operatorLabels(name) },
    spec: {
      type: 'ClusterIP',
      selector: { 'app.kubernetes.io/name': 'hermes', 'app.kubernetes.io/instance': name },
      ports: [
        { name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' },
        { name: 'metrics', port: 9090, targetPort: 9090, protocol: 'TCP' },
      ],
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      // clusterIP, clusterIPs, ipFamilies, ipFamilyPolicy: left to the server and preserved.
    },
  };
}

export function nodePortService(ns: string, name = 'agent-np'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: ns, labels: operatorLabels(name) },
    spec: {
      type: 'NodePort',
      selector: { 'app.kubernetes.io/instance': name },
      ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }],
      sessionAffinity: 'None',
      externalTrafficPolicy: 'Cluster',
      internalTrafficPolicy: 'Cluster',
      // nodePort: assigned by the server and preserved.
    },
  };
}

export function configMap(ns: string, name = 'agent-config'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns, labels: operatorLabels('agent') },
    data: {
      'config.yaml':
        'model:\n  provider: openrouter\n  name: anthropic/claude-sonnet-4\nmemory:\n  enabled: true\n',
      'SOUL.md': '# Soul\nBe helpful.\n',
    },
  };
}

export function secret(ns: string, name = 'agent-gateway-token'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: ns, labels: operatorLabels('agent') },
    type: 'Opaque',
    stringData: { token: 'gw-2f9c0d7e1b' },
    data: { 'ca.crt': Buffer.from('-----BEGIN CERTIFICATE-----\n').toString('base64') },
  };
}

export function pvc(ns: string, name = 'agent-workspace'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace: ns, labels: operatorLabels('agent') },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '5Gi' } },
      volumeMode: 'Filesystem',
    },
  };
}
