// The agent pod template: containers, volumes, identity, scheduling, and every field the API
// server would otherwise default. terminationGracePeriodSeconds exceeds the gateway's ~60 s drain.
import type { BuildInput } from '../input.ts';
import type { Json, PodSpec, PodTemplateSpec } from '../k8s-types.ts';
import { ANNOTATION_CONFIG_HASH, ANNOTATION_SECRET_HASH, labels, selectorLabels } from '../meta.ts';
import { AGENT_CONTAINER, agentContainer } from './agent-container.ts';
import { initContainers } from './init-containers.ts';
import { podSecurityContext } from './security.ts';
import { sidecarContainers } from './sidecars.ts';
import { podVolumes } from './volumes.ts';

export const TERMINATION_GRACE_SECONDS = 90;

function scheduling(input: BuildInput, spec: PodSpec) {
  const s = input.spec.scheduling;
  if (s?.nodeSelector && Object.keys(s.nodeSelector).length) spec['nodeSelector'] = s.nodeSelector;
  if (s?.tolerations?.length) spec['tolerations'] = s.tolerations;
  if (s?.affinity) spec['affinity'] = s.affinity;
  if (s?.priorityClassName) spec['priorityClassName'] = s.priorityClassName;
  if (s?.runtimeClassName) spec['runtimeClassName'] = s.runtimeClassName;
  const spread = input.spec.availability?.topologySpreadConstraints as Json[] | undefined;
  if (spread?.length) {
    const selector = { matchLabels: selectorLabels(input.name, 'agent') };
    spec['topologySpreadConstraints'] = spread.map((c) =>
      c['labelSelector'] ? c : { ...c, labelSelector: selector },
    );
  }
}

export function agentPodSpec(input: BuildInput): PodSpec {
  const { spec, names } = input;
  const init = initContainers(input);
  const containers = [agentContainer(input), ...sidecarContainers(input)];
  const pod: PodSpec = {
    serviceAccountName: names.serviceAccount,
    // The deprecated alias the API server fills from serviceAccountName.
    serviceAccount: names.serviceAccount,
    automountServiceAccountToken: spec.security?.serviceAccount?.automountToken ?? false,
    enableServiceLinks: false,
    // s6-overlay must be PID 1 to supervise the gateway and reap zombies.
    shareProcessNamespace: false,
    restartPolicy: 'Always',
    dnsPolicy: 'ClusterFirst',
    schedulerName: 'default-scheduler',
    terminationGracePeriodSeconds: TERMINATION_GRACE_SECONDS,
    securityContext: podSecurityContext(spec.security?.podSecurityContext),
    initContainers: init,
    containers,
    volumes: podVolumes(input, [...init, ...containers]),
  };
  if (spec.image?.pullSecrets?.length)
    pod['imagePullSecrets'] = spec.image.pullSecrets.map((s) => ({ name: s.name }));
  scheduling(input, pod);
  return pod;
}

export function agentPodTemplate(input: BuildInput, configHash: string): PodTemplateSpec {
  // Keyed stores rather than computed keys in a literal: several times cheaper before the
  // optimising compiler has run (an operator builds rarely enough that it often has not).
  const annotations: Record<string, string> = {};
  annotations[ANNOTATION_CONFIG_HASH] = configHash;
  annotations['kubectl.kubernetes.io/default-container'] = AGENT_CONTAINER;
  if (input.context.secretDigest) annotations[ANNOTATION_SECRET_HASH] = input.context.secretDigest;
  return { metadata: { labels: labels(input.name, 'agent'), annotations }, spec: agentPodSpec(input) };
}
