// Deployment, StatefulSet and pod template specs for the operator's companion workloads (the
// Honcho stack), with every field the API server would default set explicitly.
import type { BuildInput } from './input.ts';
import type { Container, Json, PodSpec, Volume } from './k8s-types.ts';

export interface PodParts {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  securityContext: Json;
  terminationGracePeriodSeconds?: number;
}

/** A pod spec with the instance's pull secrets and node placement (not its affinity/spread). */
export function companionPodSpec(input: BuildInput, parts: PodParts): PodSpec {
  const pod: PodSpec = {
    automountServiceAccountToken: false,
    enableServiceLinks: false,
    restartPolicy: 'Always',
    dnsPolicy: 'ClusterFirst',
    schedulerName: 'default-scheduler',
    terminationGracePeriodSeconds: parts.terminationGracePeriodSeconds ?? 30,
    securityContext: parts.securityContext,
    containers: parts.containers,
  };
  if (parts.initContainers?.length) pod.initContainers = parts.initContainers;
  if (parts.volumes?.length) pod.volumes = parts.volumes;
  const { image, scheduling } = input.spec;
  if (image?.pullSecrets?.length) pod['imagePullSecrets'] = image.pullSecrets.map((s) => ({ name: s.name }));
  if (scheduling?.nodeSelector && Object.keys(scheduling.nodeSelector).length) {
    pod['nodeSelector'] = scheduling.nodeSelector;
  }
  if (scheduling?.tolerations?.length) pod['tolerations'] = scheduling.tolerations;
  if (scheduling?.priorityClassName) pod['priorityClassName'] = scheduling.priorityClassName;
  return pod;
}

export function deploymentSpec(
  replicas: number,
  selector: Record<string, string>,
  podLabels: Record<string, string>,
  pod: PodSpec,
  annotations?: Record<string, string>,
): Json {
  const metadata: Json = { labels: podLabels };
  if (annotations) metadata['annotations'] = annotations;
  return {
    replicas,
    selector: { matchLabels: selector },
    template: { metadata, spec: pod },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
  };
}

export function statefulSetSpec(
  replicas: number,
  serviceName: string,
  selector: Record<string, string>,
  podLabels: Record<string, string>,
  pod: PodSpec,
): Json {
  return {
    replicas,
    selector: { matchLabels: selector },
    serviceName,
    podManagementPolicy: 'OrderedReady',
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
    revisionHistoryLimit: 10,
    persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    template: { metadata: { labels: podLabels }, spec: pod },
  };
}
