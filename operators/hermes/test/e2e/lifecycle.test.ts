// HermesInstance lifecycle on the kwok cluster with the operator as a child process (shipped RBAC,
// leader election, webhooks through the API server): minimal and maximal instances reach Running
// with kwok's Ready pods, a converged instance costs no writes, suspend/resume, and deletion
// cascades through the garbage collector.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import { children, condition, fingerprint, getInstance } from '../integration/controllers/harness.ts';
import type { Fingerprint } from '../integration/controllers/harness.ts';
import { e2eEnv } from './support/cluster.ts';
import type { E2eEnv } from './support/cluster.ts';
import { eventually, kwokNodeNames } from '@agent-operators/testing';
import { createReferenced, fixture, prepareSchedulingFor } from './support/fixtures.ts';
import type { OperatorProcess } from './support/operator-process.ts';
import { sumBy } from './support/operator-process.ts';

let env: E2eEnv;
let op: OperatorProcess;
const DRIFT_S = 2;

async function waitPhase(name: string, phase: string, timeoutMs = 120_000) {
  let last: unknown;
  return eventually(
    `${name} ${phase}`,
    async () => {
      const inst = await getInstance(env.client, env.ns, name);
      last = inst.status;
      return inst.status?.['phase'] === phase ? inst : undefined;
    },
    { timeoutMs },
  ).catch(async (err: Error) => {
    const { items: pods } = await env.client.list({ apiVersion: 'v1', kind: 'Pod', namespace: env.ns });
    const { items: events } = await env.client.list({ apiVersion: 'v1', kind: 'Event', namespace: env.ns });
    const podStates = pods.map((p) => `${p.metadata.name}:${(p['status'] as { phase?: string }).phase}`);
    const warnings = events
      .filter((e) => e['type'] === 'Warning')
      .map((e) => `${String(e['reason'])}: ${String(e['message'])}`);
    throw new Error(
      `${err.message}; last status: ${JSON.stringify(last)}; pods: ${podStates.join(', ')}; warnings: ${warnings.slice(-10).join(' | ')}`,
    );
  });
}

async function agentPods(name: string): Promise<KubeObject[]> {
  const { items } = await env.client.list(
    { apiVersion: 'v1', kind: 'Pod', namespace: env.ns },
    { labelSelector: `app.kubernetes.io/instance=${name},app.kubernetes.io/component=agent` },
  );
  return items;
}

/**
 * With volumeClaimTemplates (maximal.yaml has an HPA) the pod and its claims appear together; the
 * scheduler sees the claims unbound and only retries minutes later (its unschedulable-pod flush).
 * Once the claims are Bound, a recreated pod schedules at once: delete the Pending one.
 */
async function nudgePodsStuckOnClaims(name: string): Promise<void> {
  const claimsBound = async () => {
    const { items } = await env.client.list(
      { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: env.ns },
      { labelSelector: `app.kubernetes.io/instance=${name}` },
    );
    return items.length > 0 && items.every((c) => (c['status'] as { phase?: string }).phase === 'Bound');
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const pod = (await agentPods(name))[0];
    const scheduled = Boolean((pod?.['spec'] as { nodeName?: string } | undefined)?.nodeName);
    if (pod && scheduled) return;
    const age = pod ? Date.now() - Date.parse(pod.metadata.creationTimestamp ?? '') : 0;
    if (pod && age > 5000 && (await claimsBound())) {
      await env.client
        .delete({ apiVersion: 'v1', kind: 'Pod', namespace: env.ns, name: pod.metadata.name! })
        .catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const writes = (metrics: string) => {
  const byMethod = sumBy(metrics, 'rest_client_requests_total', 'method');
  return ['POST', 'PUT', 'PATCH', 'DELETE'].reduce((n, m) => n + (byMethod[m] ?? 0), 0);
};

beforeAll(async () => {
  // Without leader election here, so a converged operator makes no writes at all (lease renewals
  // are writes); the failover test runs with it.
  env = await e2eEnv('hermes-e2e-life', [`--drift-period=${DRIFT_S}s`, '--leader-elect=false']);
  await prepareSchedulingFor(env.client, kwokNodeNames);
  op = await env.start();
});

afterAll(async () => {
  await env?.teardown(op);
});

// In the cluster tier other controllers write the status of some children (StatefulSet, Deployment,
// PodDisruptionBudget and HorizontalPodAutoscaler controllers, the PV binder), which moves their
// resourceVersion without any write by the operator; their spec generation must still hold.
const STATUS_WRITTEN_BY_OTHERS = [
  'StatefulSet',
  'Deployment',
  'PersistentVolumeClaim',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
];
function withoutOthersStatus(fp: Fingerprint): Fingerprint {
  return Object.fromEntries(
    Object.entries(fp).map(([what, v]) =>
      STATUS_WRITTEN_BY_OTHERS.includes(what.split('/')[0] ?? '')
        ? [what, { generation: v.generation }]
        : [what, v],
    ),
  );
}

describe('HermesInstance on the kwok cluster', () => {
  it('minimal and maximal instances reach Running with every child owned', async () => {
    for (const [file, name] of [
      ['minimal.yaml', 'mini'],
      ['maximal.yaml', 'maxi'],
    ] as const) {
      const obj = fixture(file, name, env.ns);
      await createReferenced(env.client, obj);
      await env.client.create(obj);
    }
    await nudgePodsStuckOnClaims('maxi');
    for (const name of ['mini', 'maxi']) {
      const inst = await waitPhase(name, 'Running');
      expect(condition(inst, 'Ready')).toMatchObject({ status: 'True', reason: 'Running' });
      expect(inst.status).toMatchObject({ storageReady: true, secretsReady: true, gatewayReady: true });
      const pods = await agentPods(name);
      expect(pods.length).toBeGreaterThan(0);
    }
    const maxi = await getInstance(env.client, env.ns, 'maxi');
    expect(condition(maxi, 'MonitoringReady')).toMatchObject({ status: 'False', reason: 'APINotInstalled' });
    expect(condition(maxi, 'ProfileStoreReady')).toMatchObject({ status: 'True', reason: 'Available' });
    for (const child of await children(env.client, env.ns)) {
      // Claims made by the StatefulSet controller from volumeClaimTemplates carry the labels only.
      if (child.kind === 'PersistentVolumeClaim' && !child.metadata.ownerReferences) continue;
      const owner = child.metadata.ownerReferences?.find((r) => r.controller);
      expect(owner?.kind, `${child.kind}/${child.metadata.name}`).toBe('HermesInstance');
    }
  }, 300_000);

  it('makes no writes while converged: five drift checks move no generation or resourceVersion', async () => {
    const snapshot = async (name: string) => withoutOthersStatus(await fingerprint(env.client, env.ns, name));
    const before = { mini: await snapshot('mini'), maxi: await snapshot('maxi') };
    const writesBefore = writes(await op.metrics());
    await new Promise((r) => setTimeout(r, DRIFT_S * 5 * 1000 + 500));
    expect(await snapshot('mini')).toEqual(before.mini);
    expect(await snapshot('maxi')).toEqual(before.maxi);
    // The operator's own write count is the direct measure; the api tier's idempotency test also
    // pins every child's resourceVersion, where no other controller runs.
    expect(writes(await op.metrics())).toBe(writesBefore);
  });

  it('suspend removes the pod and reports Suspended; resume returns to Running', async () => {
    const ref = { apiVersion: 'hermes.agent/v1', kind: 'HermesInstance', namespace: env.ns, name: 'mini' };
    await env.client.patch(ref, 'merge', { spec: { suspended: true } });
    await waitPhase('mini', 'Suspended');
    await eventually(
      'the pod to go',
      async () => ((await agentPods('mini')).length === 0 ? true : undefined),
      { timeoutMs: 60_000 },
    );
    await env.client.patch(ref, 'merge', { spec: { suspended: false } });
    await waitPhase('mini', 'Running');
    expect((await agentPods('mini')).length).toBe(1);
  });

  it('deleting an instance deletes its children (garbage collector)', async () => {
    const uid = (await getInstance(env.client, env.ns, 'mini')).metadata.uid;
    const owned = async () =>
      (await children(env.client, env.ns)).filter((c) =>
        c.metadata.ownerReferences?.some((r) => r.uid === uid),
      );
    expect((await owned()).length).toBeGreaterThan(5);
    await env.client.delete({
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesInstance',
      namespace: env.ns,
      name: 'mini',
    });
    await eventually(
      'the children to be collected',
      async () => ((await owned()).length === 0 ? true : undefined),
      { timeoutMs: 120_000 },
    );
    await eventually(
      'the pod to go',
      async () => ((await agentPods('mini')).length === 0 ? true : undefined),
      { timeoutMs: 60_000 },
    );
  });
});
