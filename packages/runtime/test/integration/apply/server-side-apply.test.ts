// Server-side apply with an explicit field manager on a real API server: an object read back
// (resourceVersion, managedFields and all) applies cleanly, another manager's field is a
// conflict unless forced, and status applies through its subresource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace } from '@agent-operators/testing';
import { ConflictError } from '../../../src/client/errors.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { applyObject } from '../../../src/apply/server-side-apply.ts';
import type { AgentKind } from './crd.ts';
import { installAgentCrd } from './crd.ts';
import { adminClient, read } from './helpers.ts';

const managers = (obj: KubeObject) =>
  (obj.metadata.managedFields as { manager: string; operation: string; subresource?: string }[]).map(
    (m) => `${m.manager}/${m.operation}${m.subresource ? `/${m.subresource}` : ''}`,
  );

describe('applyObject', () => {
  let admin: HttpKubeClient;
  let ns: string;
  let agents: AgentKind;

  beforeAll(async () => {
    admin = await adminClient();
    ns = await createNamespace(admin, 'apply-ssa');
    agents = await installAgentCrd(admin);
  });
  afterAll(async () => {
    await agents?.remove().catch(() => undefined);
    admin?.close();
  });

  it('applies with the given field manager, even from an object read back from the server', async () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'selfconfig', namespace: ns },
      data: { a: '1' },
    };
    const first = await applyObject(admin, cm, { fieldManager: 'hermes.agent/selfconfig' });
    expect(managers(first)).toEqual(['hermes.agent/selfconfig/Apply']);
    // A cached copy carries resourceVersion, uid and managedFields; applying it must still work.
    const cached = await read(admin, first);
    const again = await applyObject(
      admin,
      { ...cached, data: { a: '2' } },
      { fieldManager: 'hermes.agent/selfconfig' },
    );
    expect(again['data']).toEqual({ a: '2' });
  });

  it('is a ConflictError to take another manager’s field, unless forced', async () => {
    const name = 'shared';
    const mk = (v: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace: ns },
      data: { k: v },
    });
    await applyObject(admin, mk('flux'), { fieldManager: 'flux' });
    await expect(
      applyObject(admin, mk('ours'), { fieldManager: 'hermes.agent/selfconfig' }),
    ).rejects.toBeInstanceOf(ConflictError);
    const forced = await applyObject(admin, mk('ours'), {
      fieldManager: 'hermes.agent/selfconfig',
      force: true,
    });
    expect(forced['data']).toEqual({ k: 'ours' });
  });

  it('applies status through the status subresource only', async () => {
    const created = await applyObject(admin, agents.make(ns, 'a1'), { fieldManager: 'hermes-operator' });
    const withStatus = { ...created, spec: { model: 'ignored', replicas: 9 }, status: { phase: 'Running' } };
    const res = await applyObject(admin, withStatus, {
      fieldManager: 'hermes-operator',
      subresource: 'status',
    });
    expect(res['status']).toEqual({ phase: 'Running' });
    expect(res['spec']).toEqual({ model: 'claude', replicas: 1 });
    expect(managers(res)).toContain('hermes-operator/Apply/status');
  });
});
