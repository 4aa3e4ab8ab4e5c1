// The HermesInstance controller against a real API server (api tier: no kube-controller-manager,
// so the test plays the StatefulSet controller where readiness matters; the cluster tier in
// test/e2e runs the real one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import type { HermesOperator } from '../../../src/operator.ts';
import {
  adminClient,
  children,
  condition,
  example,
  fingerprint,
  forceReconcile,
  getInstance,
  installCrds,
  markStatefulSetReady,
  startOperator,
} from './harness.ts';
import { createNamespace, deleteNamespace, eventually } from '@agent-operators/testing';

let client: HttpKubeClient;
let ns: string;
let op: HermesOperator;

const INSTANCE = { apiVersion: 'hermes.agent/v1', kind: 'HermesInstance' };

function fixture(file: string, name: string): KubeObject {
  const obj = example(file);
  obj.metadata = { ...obj.metadata, name, namespace: ns };
  return obj;
}

async function waitPhase(
  name: string,
  phase: string,
): Promise<KubeObject & { status?: Record<string, unknown> }> {
  return eventually(
    `${name} in phase ${phase}`,
    async () => {
      const inst = await getInstance(client, ns, name);
      return inst.status?.['phase'] === phase ? inst : undefined;
    },
    { timeoutMs: 30_000 },
  );
}

/** Plays the PersistentVolume controller of the api tier: the claim is Bound. */
async function bindClaim(name: string): Promise<void> {
  await client.patch(
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: ns, name },
    'merge',
    { status: { phase: 'Bound' } },
    { subresource: 'status', fieldManager: 'test-pv-controller' },
  );
}

beforeAll(async () => {
  client = await adminClient();
  await installCrds(client);
  ns = await createNamespace(client, 'hermes-instance');
  op = await startOperator([ns]);
});

afterAll(async () => {
  await op?.stop();
  await deleteNamespace(client, ns);
  client?.close();
});

describe('HermesInstance controller', () => {
  it('creates every child with an owner reference and reports Provisioning, then Running once the pod is Ready', async () => {
    await client.create(fixture('minimal.yaml', 'mini'));
    const inst = await waitPhase('mini', 'Provisioning');
    const kids = await eventually(
      'the StatefulSet of mini',
      async () => {
        const list = await children(client, ns);
        return list.some((c) => c.kind === 'StatefulSet') ? list : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const kinds = new Set(kids.map((c) => c.kind));
    for (const k of [
      'ServiceAccount',
      'ConfigMap',
      'Secret',
      'PersistentVolumeClaim',
      'Service',
      'StatefulSet',
      'NetworkPolicy',
    ]) {
      expect(kinds, k).toContain(k);
    }
    for (const child of kids) {
      const ref = child.metadata.ownerReferences?.find((r) => r.controller);
      expect(ref, `${child.kind}/${child.metadata.name}`).toMatchObject({
        kind: 'HermesInstance',
        name: 'mini',
        uid: inst.metadata.uid,
        blockOwnerDeletion: true,
      });
    }
    expect(condition(inst, 'ResourcesReady')).toMatchObject({ status: 'True', reason: 'Applied' });
    expect(condition(inst, 'GatewayReady')).toMatchObject({ status: 'False', reason: 'PodNotReady' });
    expect(inst.status?.['observedGeneration']).toBe(inst.metadata.generation);

    // Ready pod, but the referenced Secret is missing and the claim unbound: Degraded, saying why.
    await markStatefulSetReady(client, ns, 'mini');
    const degraded = await waitPhase('mini', 'Degraded');
    expect(condition(degraded, 'Ready')?.message).toContain('hermes-llm-keys');
    expect(condition(degraded, 'SecretsReady')).toMatchObject({ status: 'False', reason: 'SecretNotFound' });
    await client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'hermes-llm-keys', namespace: ns },
      stringData: { OPENROUTER_API_KEY: 'one' },
    });
    await bindClaim('mini-data');
    // The new Secret changed the pod template (secret hash): a new StatefulSet generation to observe.
    await eventually(
      'mini Running once its StatefulSet is Ready',
      async () => {
        await markStatefulSetReady(client, ns, 'mini');
        const i = await getInstance(client, ns, 'mini');
        return i.status?.['phase'] === 'Running' ? true : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const running = await waitPhase('mini', 'Running');
    expect(condition(running, 'Ready')).toMatchObject({ status: 'True', reason: 'Running' });
    expect(running.status).toMatchObject({ gatewayReady: true, readyReplicas: 1, configReady: true });
  });

  it('reports a missing prometheus-operator API as a condition, not a failed reconcile', async () => {
    await client.create(fixture('maximal.yaml', 'maxi'));
    const inst = await eventually(
      'the MonitoringReady condition of maxi',
      async () => {
        const i = await getInstance(client, ns, 'maxi');
        return condition(i, 'MonitoringReady') ? i : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(condition(inst, 'MonitoringReady')).toMatchObject({ status: 'False', reason: 'APINotInstalled' });
    expect(condition(inst, 'ResourcesReady')).toMatchObject({ status: 'True', reason: 'Applied' });
    expect(condition(inst, 'SecretsReady')).toMatchObject({ status: 'False', reason: 'SecretNotFound' });
    expect(inst.status?.['phase']).not.toBe('Failed');
  });

  it('moves no generation or resourceVersion over 10 forced reconciles (minimal and maximal)', async () => {
    for (const name of ['mini', 'maxi']) {
      // Let the first reconciles settle (status, children's own events).
      await forceReconcile(op, 'instance', `${ns}/${name}`);
      const before = await fingerprint(client, ns, name);
      for (let i = 0; i < 10; i++) await forceReconcile(op, 'instance', `${ns}/${name}`);
      expect(await fingerprint(client, ns, name), name).toEqual(before);
    }
  });

  it('keeps third-party labels and annotations, recreates a deleted child and reverts a hand edit', async () => {
    const svcRef = { apiVersion: 'v1', kind: 'Service', namespace: ns, name: 'mini' };
    await client.patch(svcRef, 'merge', {
      metadata: { labels: { 'example.com/team': 'a' }, annotations: { 'rancher.io/note': 'keep me' } },
    });
    await forceReconcile(op, 'instance', `${ns}/mini`);
    const svc = await client.get(svcRef);
    expect(svc.metadata.labels?.['example.com/team']).toBe('a');
    expect(svc.metadata.annotations?.['rancher.io/note']).toBe('keep me');

    const cmRef = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'mini-config' };
    await client.delete(cmRef);
    await eventually('the ConfigMap to come back', () => client.get(cmRef).then(() => true), {
      timeoutMs: 30_000,
    });

    const stsRef = { apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name: 'mini' };
    const sts = await client.get(stsRef);
    const original = (sts['spec'] as { revisionHistoryLimit: number }).revisionHistoryLimit;
    await client.patch(stsRef, 'merge', { spec: { revisionHistoryLimit: original + 5 } });
    await eventually(
      'the hand edit to be reverted',
      async () => {
        const now = await client.get(stsRef);
        return (now['spec'] as { revisionHistoryLimit: number }).revisionHistoryLimit === original
          ? true
          : undefined;
      },
      { timeoutMs: 30_000 },
    );
  });

  it('rolls the pod template when a referenced Secret is rotated', async () => {
    const stsRef = { apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name: 'mini' };
    const hash = async () => {
      const sts = await client.get(stsRef);
      const tpl = (sts['spec'] as { template: { metadata?: { annotations?: Record<string, string> } } })
        .template;
      return tpl.metadata?.annotations?.['hermes.agent/secret-hash'];
    };
    const created = await hash();
    expect(created).toMatch(/^[0-9a-f]{32}$/);
    await client.patch(
      { apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 'hermes-llm-keys' },
      'merge',
      {
        stringData: { OPENROUTER_API_KEY: 'two' },
      },
    );
    await eventually(
      'the secret hash to change after a rotation',
      async () => {
        const h = await hash();
        return h !== created ? h : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const inst = await getInstance(client, ns, 'mini');
    expect(condition(inst, 'SecretsReady')).toMatchObject({ status: 'True', reason: 'Found' });
  });

  it('scales to zero when suspended and back when resumed', async () => {
    const ref = { ...INSTANCE, namespace: ns, name: 'mini' };
    const stsRef = { apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name: 'mini' };
    await client.patch(ref, 'merge', { spec: { suspended: true } });
    const suspended = await waitPhase('mini', 'Suspended');
    expect(condition(suspended, 'Ready')).toMatchObject({ status: 'False', reason: 'Suspended' });
    expect(((await client.get(stsRef))['spec'] as { replicas: number }).replicas).toBe(0);
    await client.patch(ref, 'merge', { spec: { suspended: false } });
    await eventually(
      'the StatefulSet of mini to scale back to 1',
      async () => {
        const sts = await client.get(stsRef);
        return (sts['spec'] as { replicas: number }).replicas === 1 ? true : undefined;
      },
      { timeoutMs: 30_000 },
    );
    await markStatefulSetReady(client, ns, 'mini');
    await waitPhase('mini', 'Running');
  });
});
