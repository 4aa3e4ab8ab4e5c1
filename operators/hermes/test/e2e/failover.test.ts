// Failure injection: the operator is killed with SIGKILL while 50 instances converge, then
// started again. The new process waits for the dead leader's lease to expire, then finishes the
// job: every instance Running, nothing duplicated, nothing left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import { eventually } from '@agent-operators/testing';
import { children } from '../integration/controllers/harness.ts';
import { e2eEnv } from './support/cluster.ts';
import type { E2eEnv } from './support/cluster.ts';
import { createReferenced, fixture } from './support/fixtures.ts';
import type { OperatorProcess } from './support/operator-process.ts';

const N = 50;
let env: E2eEnv;
let op: OperatorProcess | undefined;

beforeAll(async () => {
  env = await e2eEnv('hermes-e2e-kill', ['--max-concurrent-reconciles=4']);
});

afterAll(async () => {
  await env?.teardown(op);
});

async function phases(): Promise<Record<string, string>> {
  const { items } = await env.client.list({
    apiVersion: 'hermes.agent/v1',
    kind: 'HermesInstance',
    namespace: env.ns,
  });
  return Object.fromEntries(
    items.map((i) => [i.metadata.name!, String((i['status'] as { phase?: string } | undefined)?.phase)]),
  );
}

describe('operator killed mid-convergence', () => {
  it(`converges ${N} instances after a SIGKILL and restart, without duplicates`, async () => {
    op = await env.start();
    const names = Array.from({ length: N }, (_, i) => `agent-${String(i).padStart(2, '0')}`);
    await createReferenced(env.client, fixture('minimal.yaml', names[0]!, env.ns));
    for (const name of names) await env.client.create(fixture('minimal.yaml', name, env.ns));

    // Kill while work is in flight: some StatefulSets exist, not all.
    await eventually(
      'the first StatefulSets',
      async () => {
        const { items } = await env.client.list({
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          namespace: env.ns,
        });
        return items.length >= 5 ? true : undefined;
      },
      { timeoutMs: 60_000 },
    );
    const { items: before } = await env.client.list({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      namespace: env.ns,
    });
    expect(await op.stop('SIGKILL')).toBe('SIGKILL');
    expect(before.length).toBeLessThan(N);

    op = await env.start();
    const done = await eventually(
      `all ${N} instances Running`,
      async () => {
        const p = await phases();
        return Object.keys(p).length === N && Object.values(p).every((v) => v === 'Running') ? p : undefined;
      },
      { timeoutMs: 240_000 },
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(await phases())}`);
    });
    expect(Object.keys(done)).toHaveLength(N);

    // Exactly one of each child per instance, and one pod each.
    const kids = await children(env.client, env.ns);
    const byOwnerAndKind = new Map<string, KubeObject[]>();
    for (const c of kids) {
      const owner = c.metadata.ownerReferences?.find((r) => r.controller)?.name ?? '<none>';
      const key = `${owner}/${c.kind}`;
      byOwnerAndKind.set(key, [...(byOwnerAndKind.get(key) ?? []), c]);
    }
    const perInstance = (name: string): Record<string, number> =>
      Object.fromEntries(
        [...byOwnerAndKind]
          .filter(([k]) => k.startsWith(`${name}/`))
          .map(([k, v]): [string, number] => [k.slice(name.length + 1), v.length]),
      );
    const reference = perInstance(names[0]!);
    expect(Object.values(reference).every((n) => n === 1)).toBe(true);
    for (const name of names) expect(perInstance(name), name).toEqual(reference);
    const { items: pods } = await env.client.list(
      { apiVersion: 'v1', kind: 'Pod', namespace: env.ns },
      { labelSelector: 'app.kubernetes.io/component=agent' },
    );
    expect(pods).toHaveLength(N);
  }, 420_000);
});
