// The Honcho API Deployment and Service (port 8000) the agent reaches through HONCHO_BASE_URL.
// Its container runs upstream's entrypoint, which applies database migrations before serving.
import { fromInput } from '../builder.ts';
import { companionImage } from '../image.ts';
import type { BuildInput } from '../input.ts';
import type { Container, KubeObject } from '../k8s-types.ts';
import { labels, objectMeta, selectorLabels } from '../meta.ts';
import { container } from '../pod/defaults.ts';
import { HONCHO_PORT } from '../pod/layout.ts';
import { sidecarContext } from '../pod/security.ts';
import { resourceRequirements } from '../quantity.ts';
import { serviceSpec } from '../service-spec.ts';
import { companionPodSpec, deploymentSpec } from '../workload.ts';
import { HONCHO_API_COMMAND, HONCHO_DEFAULT_REPOSITORY, honchoEnv, selfHosted } from './common.ts';
import type { SelfHosted } from './common.ts';

export function honchoImage(sh: SelfHosted) {
  return companionImage(sh.image, { repository: HONCHO_DEFAULT_REPOSITORY });
}

/** A Honcho server container (API or deriver share the image and the environment). */
export function honchoContainer(
  input: BuildInput,
  sh: SelfHosted,
  name: string,
  command: readonly string[],
  resources: Parameters<typeof resourceRequirements>[0],
): Container {
  const { image, pullPolicy } = honchoImage(sh);
  const { env, envFrom } = honchoEnv(input, sh);
  const c = container({
    name,
    image,
    imagePullPolicy: pullPolicy,
    command: [...command],
    env,
    resources: resourceRequirements(resources),
    securityContext: sidecarContext(),
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  });
  if (envFrom) c.envFrom = envFrom;
  return c;
}

export function honchoApiServiceFrom(input: BuildInput): KubeObject | undefined {
  if (!selfHosted(input)) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(
      input.names.honchoApi,
      input.namespace,
      labels(input.name, 'honcho-api'),
      input.owner,
    ),
    spec: serviceSpec(selectorLabels(input.name, 'honcho-api'), [
      { name: 'http', port: HONCHO_PORT, targetPort: 'http' },
    ]),
  };
}

export function honchoApiFrom(input: BuildInput): KubeObject | undefined {
  const sh = selfHosted(input);
  if (!sh) return undefined;
  const api = honchoContainer(input, sh, 'api', HONCHO_API_COMMAND, sh.api?.resources);
  const health = { httpGet: { path: '/health', port: 'http', scheme: 'HTTP' } };
  api.ports = [{ name: 'http', containerPort: HONCHO_PORT, protocol: 'TCP' }];
  api.readinessProbe = {
    ...health,
    timeoutSeconds: 5,
    periodSeconds: 10,
    successThreshold: 1,
    failureThreshold: 3,
  };
  api.livenessProbe = {
    ...health,
    timeoutSeconds: 5,
    periodSeconds: 30,
    successThreshold: 1,
    failureThreshold: 3,
  };
  // Migrations run before the server listens.
  api.startupProbe = {
    ...health,
    timeoutSeconds: 5,
    periodSeconds: 10,
    successThreshold: 1,
    failureThreshold: 30,
  };
  const pod = companionPodSpec(input, {
    containers: [api],
    securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    volumes: [{ name: 'tmp', emptyDir: {} }],
  });
  const podLabels = labels(input.name, 'honcho-api');
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(input.names.honchoApi, input.namespace, podLabels, input.owner),
    spec: deploymentSpec(sh.api?.replicas ?? 1, selectorLabels(input.name, 'honcho-api'), podLabels, pod),
  };
}

export const buildHonchoApi = fromInput(honchoApiFrom);
export const buildHonchoApiService = fromInput(honchoApiServiceFrom);
