// Status through /status, only when it changed, with conditions whose lastTransitionTime moves
// only on a status change: a second reconcile with the same outcome writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace } from '@agent-operators/testing';
import { ConflictError } from '../../../src/client/errors.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { updateStatusIfChanged } from '../../../src/apply/status.ts';
import { setCondition } from '../../../src/conditions/conditions.ts';
import type { Condition } from '../../../src/conditions/conditions.ts';
import type { Agent, AgentKind } from './crd.ts';
import { installAgentCrd } from './crd.ts';
import { adminClient, read } from './helpers.ts';
import { countRequests } from './request-counter.ts';

describe('updateStatusIfChanged', () => {
  let admin: HttpKubeClient;
  let ns: string;
  let agents: AgentKind;

  beforeAll(async () => {
    admin = await adminClient();
    ns = await createNamespace(admin, 'apply-status');
    agents = await installAgentCrd(admin);
  });
  afterAll(async () => {
    await agents?.remove().catch(() => undefined);
    admin?.close();
  });

  /** What a reconcile computes: the status for `ready`, from the live object's conditions. */
  function computeStatus(obj: Agent, ready: boolean, now: Date): Record<string, unknown> {
    const prev = obj.status?.['conditions'] as Condition[] | undefined;
    const conditions = setCondition(
      prev,
      {
        type: 'Ready',
        status: ready ? 'True' : 'False',
        reason: ready ? 'Running' : 'Provisioning',
        message: ready ? 'all replicas ready' : 'waiting for the StatefulSet',
        observedGeneration: obj.metadata.generation ?? 0,
      },
      now,
    );
    return {
      phase: ready ? 'Running' : 'Provisioning',
      observedGeneration: obj.metadata.generation,
      conditions,
    };
  }

  it('writes on change only, and conditions keep their transition time across reconciles', async () => {
    const obj = await admin.create(agents.make(ns, 'one'));
    const counter = countRequests(admin);

    const r1 = await updateStatusIfChanged(
      counter.client,
      obj,
      computeStatus(obj, false, new Date('2026-03-01T10:00:00Z')),
    );
    expect(r1.written).toBe(true);
    expect(counter.counts.update).toBe(1);
    expect(r1.object.metadata.generation).toBe(obj.metadata.generation);

    // Same outcome a minute later, computed from what the cache would hold: nothing to write.
    counter.reset();
    let live = await read<Agent>(admin, obj);
    const r2 = await updateStatusIfChanged(
      counter.client,
      live,
      computeStatus(live, false, new Date('2026-03-01T10:01:00Z')),
    );
    expect(r2.written).toBe(false);
    expect(counter.total).toBe(0);

    // The outcome changes: one write, and the transition time moves.
    const r3 = await updateStatusIfChanged(
      counter.client,
      live,
      computeStatus(live, true, new Date('2026-03-01T10:02:00Z')),
    );
    expect(r3.written).toBe(true);
    live = await read<Agent>(admin, obj);
    expect(live.status?.['conditions']).toEqual([
      {
        type: 'Ready',
        status: 'True',
        reason: 'Running',
        message: 'all replicas ready',
        observedGeneration: 1,
        lastTransitionTime: '2026-03-01T10:02:00Z',
      },
    ]);
    expect(live.spec).toEqual({ model: 'claude', replicas: 1 }); // /status leaves spec alone
  });

  it('rejects a status computed from an outdated object with ConflictError', async () => {
    const obj = await admin.create(agents.make(ns, 'two'));
    await updateStatusIfChanged(admin, obj, { phase: 'Provisioning' });
    await expect(updateStatusIfChanged(admin, obj, { phase: 'Running' })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});
