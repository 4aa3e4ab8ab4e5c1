// Shared setup for the client's integration tests: an admin client, ConfigMaps and request counts.
// Names, namespaces and polling come from @agent-operators/testing.
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeClientOptions, KubeObject } from '../../../src/client/index.ts';
import { metricsRegistry } from '../../../src/metrics/index.ts';

export function adminClient(opts: Omit<KubeClientOptions, 'kubeconfigPath'> = {}): Promise<HttpKubeClient> {
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath'), ...opts });
}

export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

export function configMap(
  namespace: string,
  name: string,
  data: Record<string, string> = {},
  labels = {},
): ConfigMap {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels }, data };
}

/** Sum of rest_client_requests_total samples matching the labels. */
export async function requestCount(labels: Record<string, string>): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('rest_client_requests_total')?.get();
  let sum = 0;
  for (const v of metric?.values ?? []) {
    if (Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want)) sum += v.value;
  }
  return sum;
}
