// Shared setup for the controller integration tests: a real API server (the run's control plane),
// the hermes CRDs, a fresh namespace per test file and the operator running in-process, watching
// only that namespace so test files never see each other's objects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { parse } from 'yaml';
import { eventually } from '@agent-operators/testing';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import { createLogger } from '@agent-operators/runtime/logging';
import { metricsRegistry } from '@agent-operators/runtime/metrics';
import { hermesCrds } from '../../../src/api/v1/crds.ts';
import { MANAGED_KINDS } from '../../../src/resources/index.ts';
import { createHermesOperator } from '../../../src/operator.ts';
import type { HermesOperator, HermesOperatorOptions } from '../../../src/operator.ts';

export const EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'examples');

export function example(file: string): KubeObject {
  return parse(readFileSync(join(EXAMPLES, file), 'utf8')) as KubeObject;
}

export function adminClient(): Promise<HttpKubeClient> {
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath'), qps: 200, burst: 400 });
}

interface Crd extends KubeObject {
  status?: { conditions?: { type: string; status: string }[] };
}

/** Applies the hermes CRDs (idempotent) and waits until they are served. */
export async function installCrds(client: HttpKubeClient): Promise<void> {
  for (const crd of hermesCrds()) {
    await client.apply(crd as unknown as KubeObject, { fieldManager: 'hermes-test-crds', force: true });
  }
  for (const crd of hermesCrds()) {
    await eventually(
      `CRD ${crd.metadata.name} Established`,
      async () => {
        const live = await client.get<Crd>({
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          name: crd.metadata.name,
        });
        return live.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')
          ? true
          : undefined;
      },
      { timeoutMs: 30_000 },
    );
  }
  client.invalidateDiscovery();
  // A fresh CRD's watch cache answers 429 "storage is (re)initializing" for a moment; wait it out
  // here so the operator's first watch does not start with an error.
  for (const crd of hermesCrds()) {
    const kind = { apiVersion: `${crd.spec.group}/${crd.spec.versions[0]!.name}`, kind: crd.spec.names.kind };
    await eventually(
      `a watch on ${crd.spec.names.kind}`,
      async () => {
        const { resourceVersion } = await client.listAll(kind, { limit: 1 });
        for await (const _ of client.watch(kind, { resourceVersion, timeoutSeconds: 1 })) break;
        return true;
      },
      { timeoutMs: 30_000 },
    );
  }
}

/** The operator in-process, watching `namespaces`, with no servers and a short sync timeout. */
export async function startOperator(
  namespaces: string[],
  extra: Partial<HermesOperatorOptions> = {},
): Promise<HermesOperator> {
  const op = await createHermesOperator({
    kubeconfigPath: inject('kubeconfigPath'),
    qps: 200,
    burst: 400,
    namespaces,
    handleSignals: false,
    gracefulShutdownMs: 2000,
    syncTimeoutMs: 30_000,
    logger: createLogger({
      level: (process.env['LOG_LEVEL'] as 'warn' | undefined) ?? 'warn',
      name: 'test-operator',
    }),
    ...extra,
  });
  await op.start();
  return op;
}

/** Reconciles finished so far by a controller (all results), from the runtime's metrics. */
export async function reconcileCount(controller: string): Promise<number> {
  const metric = metricsRegistry.getSingleMetric('controller_runtime_reconcile_total');
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.filter((v) => v.labels['controller'] === controller).reduce((n, v) => n + v.value, 0);
}

/** Enqueues `key` on the controller and waits until that reconcile has finished. */
export async function forceReconcile(
  op: HermesOperator,
  which: 'instance' | 'selfConfig',
  key: string,
): Promise<void> {
  const controller = op.controllers[which];
  const queue = controller.queue;
  if (!queue) throw new Error(`controller ${controller.name} is not running`);
  const before = await reconcileCount(controller.name);
  queue.add(key);
  await eventually(
    `a reconcile of ${key}`,
    async () =>
      (await reconcileCount(controller.name)) > before && !queue.isProcessing(key) && queue.len() === 0
        ? true
        : undefined,
    { timeoutMs: 30_000 },
  );
}

export interface Fingerprint {
  [what: string]: { generation?: number; resourceVersion?: string };
}

/** generation and resourceVersion of the instance and every labelled child in the namespace. */
export async function fingerprint(
  client: HttpKubeClient,
  ns: string,
  instance: string,
): Promise<Fingerprint> {
  const out: Fingerprint = {};
  const inst = await client.get({
    apiVersion: 'hermes.agent/v1',
    kind: 'HermesInstance',
    namespace: ns,
    name: instance,
  });
  out[`HermesInstance/${instance}`] = {
    generation: inst.metadata.generation,
    resourceVersion: inst.metadata.resourceVersion,
  };
  for (const child of await children(client, ns)) {
    out[`${child.kind}/${child.metadata.name}`] = {
      generation: child.metadata.generation,
      resourceVersion: child.metadata.resourceVersion,
    };
  }
  return out;
}

/** The kinds the operator manages, less prometheus-operator's (not installed in these clusters). */
export const CHILD_KINDS = MANAGED_KINDS.filter((k) => k.apiVersion !== 'monitoring.coreos.com/v1');

/** Every object in `ns` labelled managed-by=hermes-operator. */
export async function children(client: HttpKubeClient, ns: string): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  for (const k of CHILD_KINDS) {
    const { items } = await client.listAll(
      { ...k, namespace: ns },
      {
        labelSelector: 'app.kubernetes.io/managed-by=hermes-operator',
      },
    );
    out.push(...items);
  }
  return out;
}

export async function getInstance(
  client: HttpKubeClient,
  ns: string,
  name: string,
): Promise<KubeObject & { status?: Record<string, unknown> }> {
  return client.get({ apiVersion: 'hermes.agent/v1', kind: 'HermesInstance', namespace: ns, name });
}

export function condition(
  obj: { status?: Record<string, unknown> },
  type: string,
): { status: string; reason: string; message: string } | undefined {
  const conds = (obj.status?.['conditions'] ?? []) as {
    type: string;
    status: string;
    reason: string;
    message: string;
  }[];
  return conds.find((c) => c.type === type);
}

/**
 * Plays the StatefulSet controller of the api tier (no kube-controller-manager there): reports
 * every desired replica Ready. The cluster tier (e2e) runs the real controller and kwok pods.
 */
export async function markStatefulSetReady(client: HttpKubeClient, ns: string, name: string): Promise<void> {
  const sts = await client.get({ apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name });
  const replicas = (sts['spec'] as { replicas?: number }).replicas ?? 1;
  await client.patch(
    { apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name },
    'merge',
    {
      status: {
        observedGeneration: sts.metadata.generation,
        replicas,
        readyReplicas: replicas,
        availableReplicas: replicas,
        currentReplicas: replicas,
        updatedReplicas: replicas,
        currentRevision: 'r1',
        updateRevision: 'r1',
      },
    },
    { subresource: 'status', fieldManager: 'test-statefulset-controller' },
  );
}
