// The agent container: the image's own entrypoint (s6-overlay's /init must stay PID 1), only
// args `gateway run`. Resources fall back to requests cpu 250m / memory 512Mi and a 2Gi memory
// limit when neither the instance nor HermesClusterDefaults sets any.
import type { BuildInput } from '../input.ts';
import type { Container, ContainerPort, VolumeMount } from '../k8s-types.ts';
import { servedPorts } from '../ports.ts';
import { resourceRequirements } from '../quantity.ts';
import { agentEnv } from './agent-env.ts';
import { container } from './defaults.ts';
import { CA_MOUNT, HERMES_HOME, VOLUME_CA, VOLUME_DATA, VOLUME_RUN, VOLUME_TMP } from './layout.ts';
import { agentProbes } from './probes.ts';
import { agentSecurityContext } from './security.ts';

export const AGENT_CONTAINER = 'hermes';
export const AGENT_ARGS: readonly string[] = ['gateway', 'run'];
export const FALLBACK_RESOURCES = { requests: { cpu: '250m', memory: '512Mi' }, limits: { memory: '2Gi' } };

export function agentResources(input: BuildInput) {
  const r = input.spec.resources;
  return resourceRequirements(r?.requests || r?.limits ? r : FALLBACK_RESOURCES);
}

export function agentContainer(input: BuildInput): Container {
  const { spec } = input;
  const mounts: VolumeMount[] = [
    { name: VOLUME_DATA, mountPath: HERMES_HOME },
    { name: VOLUME_RUN, mountPath: '/run' },
    { name: VOLUME_TMP, mountPath: '/tmp' },
  ];
  if (spec.security?.caBundle) mounts.push({ name: VOLUME_CA, mountPath: CA_MOUNT, readOnly: true });
  for (const m of (spec.extraVolumeMounts ?? []) as VolumeMount[]) mounts.push(m);
  const ports: ContainerPort[] = [];
  for (const p of servedPorts(input)) {
    if (p.container === AGENT_CONTAINER) ports.push({ name: p.name, containerPort: p.port, protocol: 'TCP' });
  }
  // Optional fields are assigned in order rather than spread in from conditional objects, which
  // cost more than the rest of this function; the key order is the same.
  const c: Parameters<typeof container>[0] = {
    name: AGENT_CONTAINER,
    image: input.agentImage,
    imagePullPolicy: input.agentPullPolicy,
    args: [...AGENT_ARGS],
  };
  if (ports.length) c.ports = ports;
  c.env = agentEnv(input);
  if (spec.envFrom?.length) c.envFrom = spec.envFrom;
  c.resources = agentResources(input);
  c.securityContext = agentSecurityContext(
    spec.security?.runAsNonRoot ?? false,
    spec.security?.containerSecurityContext,
  );
  c.volumeMounts = mounts;
  const probes = agentProbes(input);
  if (probes.livenessProbe) c.livenessProbe = probes.livenessProbe;
  if (probes.readinessProbe) c.readinessProbe = probes.readinessProbe;
  if (probes.startupProbe) c.startupProbe = probes.startupProbe;
  return container(c);
}
