// HermesClusterDefaults: the singleton reports Ready with its observedGeneration, and a change
// re-reconciles every instance with the new defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import type { HermesOperator } from '../../../src/operator.ts';
import { adminClient, condition, installCrds, startOperator } from './harness.ts';
import { createNamespace, deleteNamespace, eventually } from '@agent-operators/testing';

let client: HttpKubeClient;
let ns: string;
let op: HermesOperator;
const CD = { apiVersion: 'hermes.agent/v1', kind: 'HermesClusterDefaults', name: 'cluster' };

async function agentImage(name: string): Promise<string | undefined> {
  const sts = await client.get({ apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name });
  const containers = (
    sts['spec'] as { template: { spec: { containers: { name: string; image: string }[] } } }
  ).template.spec.containers;
  return containers.find((c) => c.name === 'hermes')?.image;
}

beforeAll(async () => {
  client = await adminClient();
  await installCrds(client);
  await client.delete(CD).catch(() => undefined);
  ns = await createNamespace(client, 'hermes-defaults');
  op = await startOperator([ns]);
});

afterAll(async () => {
  await op?.stop();
  await client.delete(CD).catch(() => undefined);
  await deleteNamespace(client, ns);
  client?.close();
});

describe('HermesClusterDefaults controller', () => {
  it('reports Ready with observedGeneration and re-reconciles instances when it changes', async () => {
    await client.create({
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesInstance',
      metadata: { name: 'plain', namespace: ns },
      spec: { config: { raw: { model: { provider: 'openrouter' } } } },
    });
    await eventually('the StatefulSet', () => agentImage('plain'), { timeoutMs: 30_000 });

    await client.create({
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesClusterDefaults',
      metadata: { name: 'cluster' },
      spec: { image: { repository: 'registry.example.com/hermes-agent', tag: '9.9.1' } },
    });
    const cd = await eventually(
      'the defaults status',
      async () => {
        const obj = await client.get<KubeObject & { status?: Record<string, unknown> }>(CD);
        return obj.status?.['observedGeneration'] === obj.metadata.generation ? obj : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(condition(cd, 'Ready')).toMatchObject({ status: 'True', reason: 'Accepted' });
    await eventually(
      'the instance to pick up the default image',
      async () =>
        (await agentImage('plain')) === 'registry.example.com/hermes-agent:9.9.1' ? true : undefined,
      { timeoutMs: 30_000 },
    );

    await client.patch(CD, 'merge', { spec: { image: { tag: '9.9.2' } } });
    await eventually(
      'the instance to follow the changed default',
      async () =>
        (await agentImage('plain')) === 'registry.example.com/hermes-agent:9.9.2' ? true : undefined,
      { timeoutMs: 30_000 },
    );
    const after = await client.get<KubeObject & { status?: Record<string, unknown> }>(CD);
    await eventually(
      'the defaults status to observe the change',
      async () => {
        const obj = await client.get<KubeObject & { status?: Record<string, unknown> }>(CD);
        return obj.status?.['observedGeneration'] === after.metadata.generation ? true : undefined;
      },
      { timeoutMs: 30_000 },
    );
  });
});
