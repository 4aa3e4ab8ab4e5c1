import { describe, expect, it } from 'vitest';
import { InvalidError } from '../../../src/client/errors.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { formatMicroTime } from '../../../src/events/micro-time.ts';
import { createEventRecorder } from '../../../src/events/recorder.ts';
import type { EventLogger, EventRecorderOptions } from '../../../src/events/recorder.ts';
import { createFakeClient } from '../apply/fake-client.ts';

const instance: KubeObject = {
  apiVersion: 'hermes.agent/v1',
  kind: 'HermesInstance',
  metadata: { name: 'my-agent', namespace: 'team-a', uid: 'u-1', resourceVersion: '42' },
};

function setup(extra: Partial<EventRecorderOptions> = {}) {
  const client = createFakeClient();
  const logged: { level: string; msg: string }[] = [];
  const logger: EventLogger = {
    warn: (_o, msg) => logged.push({ level: 'warn', msg }),
    debug: (_o, msg) => logged.push({ level: 'debug', msg }),
  };
  let now = new Date('2026-03-01T10:00:00.123Z');
  const clock = {
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
  const recorder = createEventRecorder({
    client,
    reportingController: 'hermes.agent/operator',
    reportingInstance: 'hermes-operator-7d9f-abcde',
    logger,
    now: () => now,
    ...extra,
  });
  return { client, recorder, logged, clock };
}

const events = (client: ReturnType<typeof createFakeClient>) =>
  [...client.objects.values()].filter((o) => o.kind === 'Event') as (KubeObject & Record<string, any>)[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- Event fields read in assertions

describe('event recorder', () => {
  it('creates an events.k8s.io/v1 Event with the fields the API requires', async () => {
    const { client, recorder } = setup();
    recorder.record(instance, {
      type: 'Normal',
      reason: 'Provisioned',
      action: 'Reconcile',
      note: 'StatefulSet created',
    });
    await recorder.flush();
    const [ev] = events(client);
    expect(ev).toMatchObject({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { namespace: 'team-a' },
      eventTime: '2026-03-01T10:00:00.123000Z',
      reportingController: 'hermes.agent/operator',
      reportingInstance: 'hermes-operator-7d9f-abcde',
      type: 'Normal',
      reason: 'Provisioned',
      action: 'Reconcile',
      note: 'StatefulSet created',
      regarding: {
        apiVersion: 'hermes.agent/v1',
        kind: 'HermesInstance',
        name: 'my-agent',
        namespace: 'team-a',
        uid: 'u-1',
      },
    });
    expect(ev?.metadata.name).toMatch(/^my-agent\.[0-9a-f]+$/);
    expect(ev?.['series']).toBeUndefined();
  });

  it('folds repeats into one Event’s series with one create and one patch', async () => {
    const { client, recorder, clock } = setup();
    for (let i = 0; i < 5; i++) {
      recorder.record(instance, {
        type: 'Warning',
        reason: 'BackupFailed',
        action: 'Backup',
        note: 'S3 unreachable',
      });
      clock.advance(1000);
    }
    await recorder.flush();
    expect(events(client)).toHaveLength(1);
    expect(events(client)[0]?.['series']).toEqual({
      count: 5,
      lastObservedTime: '2026-03-01T10:00:04.123000Z',
    });
    expect(client.requests.map((r) => `${r.verb}:${r.patchType ?? ''}`)).toEqual(['create:', 'patch:merge']);
    expect(recorder.stats).toMatchObject({ created: 1, patched: 1, failed: 0 });
  });

  it('patches again for repeats after the first patch landed', async () => {
    const { client, recorder } = setup();
    const ev = { type: 'Normal' as const, reason: 'R', action: 'A', note: 'n' };
    recorder.record(instance, ev);
    await recorder.flush();
    recorder.record(instance, ev);
    await recorder.flush();
    recorder.record(instance, ev);
    await recorder.flush();
    expect(events(client)[0]?.['series']).toMatchObject({ count: 3 });
  });

  it('starts a new Event once the series window has passed, and for a different note', async () => {
    const { client, recorder, clock } = setup({ seriesWindowMs: 60_000 });
    const ev = { type: 'Normal' as const, reason: 'R', action: 'A', note: 'n' };
    recorder.record(instance, ev);
    recorder.record(instance, { ...ev, note: 'other' });
    clock.advance(61_000);
    recorder.record(instance, ev);
    await recorder.flush();
    expect(events(client)).toHaveLength(3);
  });

  it('rate-limits new Events per object and counts the drops', async () => {
    const { client, recorder, clock } = setup({ burst: 3, refillMs: 10_000 });
    for (let i = 0; i < 5; i++)
      recorder.record(instance, { type: 'Normal', reason: 'R', action: 'A', note: `n${i}` });
    const other = { ...instance, metadata: { ...instance.metadata, name: 'b', uid: 'u-2' } };
    recorder.record(other, { type: 'Normal', reason: 'R', action: 'A', note: 'x' });
    clock.advance(10_000);
    recorder.record(instance, { type: 'Normal', reason: 'R', action: 'A', note: 'late' });
    await recorder.flush();
    expect(events(client)).toHaveLength(5); // 3 + the other object's + 1 refilled
    expect(recorder.stats.dropped).toBe(2);
  });

  it('never throws into the caller: failures are logged and the next occurrence retries', async () => {
    const { client, recorder, logged } = setup();
    client.failNext('create', new InvalidError({ statusCode: 422, reason: 'Invalid', message: 'bad' }));
    const ev = { type: 'Warning' as const, reason: 'R', action: 'A', note: 'n' };
    expect(() => recorder.record(instance, ev)).not.toThrow();
    await recorder.flush();
    expect(logged).toEqual([{ level: 'warn', msg: 'could not create Event' }]);
    recorder.record(instance, ev);
    await recorder.flush();
    expect(events(client)).toHaveLength(1);
    expect(recorder.stats).toMatchObject({ created: 1, failed: 1 });
  });

  it('puts events about cluster-scoped objects in default and sanitises the name', async () => {
    const { client, recorder } = setup();
    const clusterRole: KubeObject = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'system:Hermes_Admin' },
    };
    recorder.record(clusterRole, { type: 'Normal', reason: 'R', action: 'A', note: 'é'.repeat(2000) });
    await recorder.flush();
    const [ev] = events(client);
    expect(ev?.metadata.namespace).toBe('default');
    expect(ev?.metadata.name).toMatch(/^system-hermes-admin\.[0-9a-f]+$/);
    expect(Buffer.byteLength(ev?.['note'] as string)).toBeLessThanOrEqual(1024);
  });

  it('formats MicroTime with six fractional digits', () => {
    expect(formatMicroTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000000Z');
  });
});
