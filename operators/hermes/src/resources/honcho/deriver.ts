// The Honcho deriver: the background worker that reasons over stored messages.
import { fromInput } from '../builder.ts';
import type { BuildInput } from '../input.ts';
import type { KubeObject } from '../k8s-types.ts';
import { labels, objectMeta, selectorLabels } from '../meta.ts';
import { companionPodSpec, deploymentSpec } from '../workload.ts';
import { honchoContainer } from './api.ts';
import { HONCHO_DERIVER_COMMAND, selfHosted } from './common.ts';

export function honchoDeriverFrom(input: BuildInput): KubeObject | undefined {
  const sh = selfHosted(input);
  if (!sh) return undefined;
  const pod = companionPodSpec(input, {
    containers: [honchoContainer(input, sh, 'deriver', HONCHO_DERIVER_COMMAND, sh.deriver?.resources)],
    securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    volumes: [{ name: 'tmp', emptyDir: {} }],
  });
  const podLabels = labels(input.name, 'honcho-deriver');
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(input.names.honchoDeriver, input.namespace, podLabels, input.owner),
    spec: deploymentSpec(
      sh.deriver?.replicas ?? 1,
      selectorLabels(input.name, 'honcho-deriver'),
      podLabels,
      pod,
    ),
  };
}

export const buildHonchoDeriver = fromInput(honchoDeriverFrom);
