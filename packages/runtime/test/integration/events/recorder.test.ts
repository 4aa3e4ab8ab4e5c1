// Done-when: five identical events become one events.k8s.io/v1 Event with series.count 5 on a
// real API server (which validates the MicroTime format and the required fields).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createNamespace } from '@agent-operators/testing';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { createEventRecorder } from '../../../src/events/recorder.ts';
import type { EventLogger } from '../../../src/events/recorder.ts';

interface EventObject extends KubeObject {
  reason: string;
  note: string;
  type: string;
  series?: { count: number; lastObservedTime: string };
  regarding: { kind: string; name: string; uid?: string };
}

describe('event recorder on a real API server', () => {
  let client: HttpKubeClient;
  let ns: string;
  let regarding: KubeObject;
  const warnings: string[] = [];
  const logger: EventLogger = {
    warn: (o, msg) => warnings.push(`${msg} ${JSON.stringify(o)}`),
    debug: () => {},
  };

  beforeAll(async () => {
    client = await createKubeClient({ kubeconfigPath: inject('kubeconfigPath'), qps: 1000, burst: 1000 });
    ns = await createNamespace(client, 'events');
    regarding = await client.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'my-agent', namespace: ns },
    });
  });
  afterAll(() => client?.close());

  const listEvents = async () =>
    (await client.list<EventObject>({ apiVersion: 'events.k8s.io/v1', kind: 'Event', namespace: ns })).items;

  it('aggregates 5 identical events into one Event with series.count 5', async () => {
    const recorder = createEventRecorder({
      client,
      reportingController: 'hermes.agent/operator',
      reportingInstance: 'hermes-operator-0',
      logger,
    });
    for (let i = 0; i < 5; i++) {
      recorder.record(regarding, {
        type: 'Warning',
        reason: 'BackupFailed',
        action: 'Backup',
        note: 'S3 endpoint unreachable',
      });
    }
    await recorder.flush();
    const afterBurst = (await listEvents()).filter((e) => e.reason === 'BackupFailed');
    expect(afterBurst).toHaveLength(1);
    expect(afterBurst[0]?.series?.count).toBe(5);
    expect(recorder.stats).toMatchObject({ created: 1, patched: 1 }); // the 4 repeats folded into one patch
    // And spaced out: each repeat after the previous request finished.
    for (let i = 0; i < 2; i++) {
      recorder.record(regarding, {
        type: 'Warning',
        reason: 'BackupFailed',
        action: 'Backup',
        note: 'S3 endpoint unreachable',
      });
      await recorder.flush();
    }
    expect(warnings).toEqual([]);
    const events = (await listEvents()).filter((e) => e.reason === 'BackupFailed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'Warning',
      note: 'S3 endpoint unreachable',
      regarding: { kind: 'ConfigMap', name: 'my-agent', uid: regarding.metadata.uid },
      series: { count: 7 },
    });
    expect(events[0]?.series?.lastObservedTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(recorder.stats).toMatchObject({ created: 1, failed: 0 });
  });

  it('keeps different notes apart, and logs instead of throwing when the API refuses', async () => {
    const recorder = createEventRecorder({
      client,
      reportingController: 'not a qualified name!', // the API server rejects this
      reportingInstance: 'hermes-operator-0',
      logger,
    });
    expect(() =>
      recorder.record(regarding, { type: 'Normal', reason: 'Invalid', action: 'Reconcile', note: 'x' }),
    ).not.toThrow();
    await recorder.flush();
    expect(warnings.some((w) => w.startsWith('could not create Event'))).toBe(true);

    const good = createEventRecorder({
      client,
      reportingController: 'hermes.agent/operator',
      reportingInstance: 'r',
      logger,
    });
    good.record(regarding, { type: 'Normal', reason: 'Scaled', action: 'Reconcile', note: 'to 1' });
    good.record(regarding, { type: 'Normal', reason: 'Scaled', action: 'Reconcile', note: 'to 2' });
    await good.flush();
    expect((await listEvents()).filter((e) => e.reason === 'Scaled')).toHaveLength(2);
  });
});
