// Shared setup for the client's integration tests: an admin client and a fresh namespace per test file.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeClientOptions, KubeObject } from '../../../src/client/index.ts';
import { metricsRegistry } from '../../../src/metrics/index.ts';

export function adminClient(opts: Omit<KubeClientOptions, 'kubeconfigPath'> = {}): Promise<HttpKubeClient> {
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath'), ...opts });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function createNamespace(client: HttpKubeClient, prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return name;
}

/** Best effort: without kube-controller-manager the namespace stays Terminating, which is harmless. */
export async function deleteNamespace(client: HttpKubeClient, name: string): Promise<void> {
  await client.delete({ apiVersion: 'v1', kind: 'Namespace', name }).catch(() => undefined);
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

/** Polls `fn` until it returns a value other than undefined. */
export async function eventually<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
