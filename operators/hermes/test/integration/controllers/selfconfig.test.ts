// The HermesSelfConfig controller against a real API server: policy checks, server-side apply with
// field manager hermes.agent/selfconfig (accumulating across requests), conflicts with another
// manager left alone, GitOps coexistence without flapping, and the TTL clean-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import type { HermesOperator } from '../../../src/operator.ts';
import {
  adminClient,
  condition,
  forceReconcile,
  getInstance,
  installCrds,
  startOperator,
} from './harness.ts';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '@agent-operators/testing';

let client: HttpKubeClient;
let ns: string;
let op: HermesOperator;

const TTL_MS = 4000;
const API = 'hermes.agent/v1';
const GITOPS = 'flux-test';

interface Obj extends KubeObject {
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** The instance as a GitOps tool would apply it (its own field manager). */
function gitopsInstance(name: string, extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: API,
    kind: 'HermesInstance',
    metadata: { name, namespace: ns },
    spec: {
      config: { raw: { model: { provider: 'openrouter', default: 'anthropic/claude-sonnet-4' } } },
      env: [{ name: 'GITOPS_OWNED', value: 'from-git' }],
      selfConfigure: {
        enabled: true,
        allowedActions: ['config', 'envVars', 'workspaceFiles'],
        protectedKeys: ['model.provider', 'env:OPENROUTER_API_KEY', 'file:SOUL.md'],
      },
      ...extra,
    },
  };
}

async function applyAsGitops(obj: KubeObject): Promise<Obj> {
  return client.apply(obj as Obj, { fieldManager: GITOPS });
}

async function request(
  instanceRef: string,
  spec: Record<string, unknown>,
  name = uniqueName('hsc'),
): Promise<string> {
  await client.create({
    apiVersion: API,
    kind: 'HermesSelfConfig',
    metadata: { name, namespace: ns },
    spec: { instanceRef, ...spec },
  });
  return name;
}

async function waitRequest(name: string, phase: string): Promise<Obj> {
  return eventually(
    `HermesSelfConfig ${name} ${phase}`,
    async () => {
      const hsc = await client.get<Obj>({ apiVersion: API, kind: 'HermesSelfConfig', namespace: ns, name });
      return hsc.status?.['phase'] === phase ? hsc : undefined;
    },
    { timeoutMs: 30_000 },
  );
}

const envOf = (inst: Obj) =>
  Object.fromEntries(
    ((inst.spec['env'] ?? []) as { name: string; value?: string }[]).map((e) => [e.name, e.value]),
  );
const rawOf = (inst: Obj) =>
  (inst.spec['config'] as { raw?: Record<string, unknown> } | undefined)?.raw ?? {};

beforeAll(async () => {
  client = await adminClient();
  await installCrds(client);
  ns = await createNamespace(client, 'hermes-selfconfig');
  op = await startOperator([ns], { selfConfigTtlMs: TTL_MS });
});

afterAll(async () => {
  await op?.stop();
  await deleteNamespace(client, ns);
  client?.close();
});

describe('HermesSelfConfig controller', () => {
  it('applies allowed changes with field manager hermes.agent/selfconfig and accumulates requests', async () => {
    await applyAsGitops(gitopsInstance('agent'));
    const first = await request('agent', {
      patchConfig: { schedules: { 'morning-brief': '0 8 * * *' } },
      addEnvVars: [{ name: 'FINANCE_TZ', value: 'Europe/Berlin' }],
      addWorkspaceFiles: [{ path: 'notes/finance.md', content: '# Finance\n' }],
    });
    const applied = await waitRequest(first, 'Applied');
    expect(condition(applied, 'Applied')).toMatchObject({ status: 'True', reason: 'Applied' });
    expect(condition(applied, 'Denied')).toMatchObject({ status: 'False', reason: 'Allowed' });
    expect(applied.status?.['appliedAt']).toBeTruthy();

    const second = await request('agent', { addEnvVars: [{ name: 'SECOND', value: '2' }] });
    await waitRequest(second, 'Applied');
    const inst = (await getInstance(client, ns, 'agent')) as Obj;
    expect(envOf(inst)).toMatchObject({ GITOPS_OWNED: 'from-git', FINANCE_TZ: 'Europe/Berlin', SECOND: '2' });
    expect(rawOf(inst)).toMatchObject({
      model: { provider: 'openrouter' },
      schedules: { 'morning-brief': '0 8 * * *' },
    });
    expect((inst.spec['workspace'] as { files: { path: string }[] }).files.map((f) => f.path)).toContain(
      'notes/finance.md',
    );
    const managers = (inst.metadata.managedFields as { manager: string; operation: string }[]).map(
      (m) => `${m.manager}/${m.operation}`,
    );
    expect(managers).toContain('hermes.agent/selfconfig/Apply');
  });

  it('denies a request touching a protected key, with denyReason and an Event', async () => {
    const name = await request('agent', { patchConfig: { model: { provider: 'openai' } } });
    const denied = await waitRequest(name, 'Denied');
    expect(condition(denied, 'Denied')).toMatchObject({ status: 'True', reason: 'ProtectedKey' });
    expect(String(denied.status?.['denyReason'])).toContain('model.provider');
    const inst = (await getInstance(client, ns, 'agent')) as Obj;
    expect(rawOf(inst)).toMatchObject({ model: { provider: 'openrouter' } });
    await eventually(
      'the Denied Event',
      async () => {
        const { items } = await client.list({ apiVersion: 'events.k8s.io/v1', kind: 'Event', namespace: ns });
        return items.some(
          (e) =>
            (e['regarding'] as { name?: string }).name === name &&
            e['reason'] === 'Denied' &&
            e['type'] === 'Warning',
        )
          ? true
          : undefined;
      },
      { timeoutMs: 30_000 },
    );
  });

  it('changes nothing when the same change is applied twice', async () => {
    const before = await getInstance(client, ns, 'agent');
    const name = await request('agent', { addEnvVars: [{ name: 'FINANCE_TZ', value: 'Europe/Berlin' }] });
    await waitRequest(name, 'Applied');
    await forceReconcile(op, 'selfConfig', `${ns}/${name}`);
    const after = await getInstance(client, ns, 'agent');
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(after.metadata.generation).toBe(before.metadata.generation);
  });

  it('leaves a field another manager owns and reports it as skipped', async () => {
    const name = await request('agent', {
      addEnvVars: [
        { name: 'GITOPS_OWNED', value: 'from-agent' },
        { name: 'THIRD', value: '3' },
      ],
    });
    const applied = await waitRequest(name, 'Applied');
    expect(applied.status?.['skippedFields']).toEqual(['.spec.env[name="GITOPS_OWNED"].value']);
    const inst = (await getInstance(client, ns, 'agent')) as Obj;
    expect(envOf(inst)).toMatchObject({ GITOPS_OWNED: 'from-git', THIRD: '3' });
  });

  it('coexists with a GitOps manager: 20 rounds of both, no flap, both values hold', async () => {
    await applyAsGitops(gitopsInstance('agent'));
    const start = await getInstance(client, ns, 'agent');
    for (let round = 0; round < 20; round++) {
      await applyAsGitops(gitopsInstance('agent'));
      await forceReconcile(op, 'instance', `${ns}/agent`);
      const name = await request('agent', { addEnvVars: [{ name: 'FINANCE_TZ', value: 'Europe/Berlin' }] });
      await waitRequest(name, 'Applied');
    }
    const end = (await getInstance(client, ns, 'agent')) as Obj;
    expect(end.metadata.generation).toBe(start.metadata.generation);
    expect(envOf(end)).toMatchObject({ GITOPS_OWNED: 'from-git', FINANCE_TZ: 'Europe/Berlin', SECOND: '2' });
    expect(rawOf(end)).toMatchObject({
      model: { provider: 'openrouter', default: 'anthropic/claude-sonnet-4' },
      schedules: { 'morning-brief': '0 8 * * *' },
    });
  });

  it('waits (Pending) for a missing instance and applies once it exists', async () => {
    const name = await request('late', { addEnvVars: [{ name: 'LATE', value: '1' }] });
    const pending = await waitRequest(name, 'Pending');
    expect(condition(pending, 'Pending')).toMatchObject({ status: 'True', reason: 'InstanceNotFound' });
    await applyAsGitops(gitopsInstance('late'));
    await waitRequest(name, 'Applied');
    expect(envOf((await getInstance(client, ns, 'late')) as Obj)).toMatchObject({ LATE: '1' });
  });

  it('denies when selfConfigure is disabled, and deletes finished requests after the TTL', async () => {
    await applyAsGitops(gitopsInstance('closed', { selfConfigure: { enabled: false } }));
    const name = await request('closed', { addEnvVars: [{ name: 'X', value: '1' }] });
    const denied = await waitRequest(name, 'Denied');
    expect(condition(denied, 'Denied')).toMatchObject({ status: 'True', reason: 'SelfConfigureDisabled' });
    await eventually(
      'the finished request to be deleted',
      () =>
        client
          .get({ apiVersion: API, kind: 'HermesSelfConfig', namespace: ns, name })
          .then(() => undefined)
          .catch((err: { statusCode?: number }) => (err.statusCode === 404 ? true : undefined)),
      { timeoutMs: TTL_MS + 20_000 },
    );
  });
});
