// HorizontalPodAutoscaler <name> (autoscaling/v2, availability.hpa.enabled) on the StatefulSet.
// The behavior the API server would default is written out, so the object reads back as built.
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';

/** The behavior the API server defaults (a fresh object per call). */
export const defaultBehavior = (): Json => ({
  scaleUp: {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  },
  scaleDown: {
    stabilizationWindowSeconds: 300,
    selectPolicy: 'Max',
    policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
  },
});

function utilization(name: string, percent: number): Json {
  return {
    type: 'Resource',
    resource: { name, target: { type: 'Utilization', averageUtilization: percent } },
  };
}

export function hpaFrom(input: BuildInput): KubeObject | undefined {
  const hpa = input.spec.availability?.hpa;
  if (!hpa?.enabled) return undefined;
  const metrics = [utilization('cpu', hpa.targetCPUUtilizationPercentage ?? 80)];
  if (hpa.targetMemoryUtilizationPercentage !== undefined) {
    metrics.push(utilization('memory', hpa.targetMemoryUtilizationPercentage));
  }
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: objectMeta(input.names.hpa, input.namespace, labels(input.name, 'availability'), input.owner),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: input.names.statefulSet },
      minReplicas: hpa.minReplicas ?? 1,
      maxReplicas: hpa.maxReplicas ?? 3,
      metrics,
      behavior: defaultBehavior(),
    },
  };
}

export const buildHpa = fromInput(hpaFrom);
