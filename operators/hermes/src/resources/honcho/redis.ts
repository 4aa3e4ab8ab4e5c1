// The managed Redis of the self-hosted Honcho: a cache (no persistence), one replica, and its
// Service. Runs as the image's redis user (UID 999, GID 1000).
import { fromInput } from '../builder.ts';
import { companionImage } from '../image.ts';
import type { BuildInput } from '../input.ts';
import type { KubeObject } from '../k8s-types.ts';
import { labels, objectMeta, selectorLabels } from '../meta.ts';
import { container } from '../pod/defaults.ts';
import { resourceRequirements } from '../quantity.ts';
import { serviceSpec } from '../service-spec.ts';
import { companionPodSpec, deploymentSpec } from '../workload.ts';
import { REDIS_PORT, redisManaged, selfHosted } from './common.ts';

function managed(input: BuildInput) {
  const sh = selfHosted(input);
  return sh && redisManaged(sh) ? sh : undefined;
}

export function honchoRedisServiceFrom(input: BuildInput): KubeObject | undefined {
  if (!managed(input)) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(
      input.names.honchoRedis,
      input.namespace,
      labels(input.name, 'honcho-redis'),
      input.owner,
    ),
    spec: serviceSpec(selectorLabels(input.name, 'honcho-redis'), [
      { name: 'redis', port: REDIS_PORT, targetPort: 'redis' },
    ]),
  };
}

export function honchoRedisFrom(input: BuildInput): KubeObject | undefined {
  const sh = managed(input);
  if (!sh) return undefined;
  const { image, pullPolicy } = companionImage(sh.redis?.image, {
    repository: 'docker.io/library/redis',
    tag: '7-alpine',
  });
  const tcp = { tcpSocket: { port: 'redis' } };
  const redis = container({
    name: 'redis',
    image,
    imagePullPolicy: pullPolicy,
    args: ['--save', '', '--appendonly', 'no'],
    ports: [{ name: 'redis', containerPort: REDIS_PORT, protocol: 'TCP' }],
    resources: resourceRequirements(sh.redis?.resources),
    readinessProbe: {
      ...tcp,
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    },
    livenessProbe: { ...tcp, timeoutSeconds: 1, periodSeconds: 30, successThreshold: 1, failureThreshold: 3 },
    securityContext: {
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      privileged: false,
      readOnlyRootFilesystem: true,
      runAsGroup: 1000,
      runAsNonRoot: true,
      runAsUser: 999,
    },
    volumeMounts: [{ name: 'data', mountPath: '/data' }],
  });
  const pod = companionPodSpec(input, {
    containers: [redis],
    securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    volumes: [{ name: 'data', emptyDir: {} }],
  });
  const podLabels = labels(input.name, 'honcho-redis');
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(input.names.honchoRedis, input.namespace, podLabels, input.owner),
    spec: deploymentSpec(1, selectorLabels(input.name, 'honcho-redis'), podLabels, pod),
  };
}

export const buildHonchoRedis = fromInput(honchoRedisFrom);
export const buildHonchoRedisService = fromInput(honchoRedisServiceFrom);
