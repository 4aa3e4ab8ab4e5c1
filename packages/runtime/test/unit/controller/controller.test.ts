// Reconcilers are async by contract; many here have nothing to await.
/* eslint-disable @typescript-eslint/require-await */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controllerFor } from '../../../src/controller/builder.ts';
import type { Controller } from '../../../src/controller/controller.ts';
import { TerminalError } from '../../../src/controller/errors.ts';
import { generationChanged } from '../../../src/controller/predicates.ts';
import type { ReconcileContext, Request, Result } from '../../../src/controller/types.ts';
import { createLogger } from '../../../src/logging/index.ts';
import { metricsRegistry } from '../../../src/metrics/index.ts';
import { FakeClock } from '../../../src/queue/fake-clock.ts';
import { FakeSource, obj } from './fake-informer.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };
const DEPLOY = { apiVersion: 'apps/v1', kind: 'Deployment' };
const POD = { apiVersion: 'v1', kind: 'Pod' };

let seq = 0;
const running: Controller[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop(100)));
});

interface Harness {
  source: FakeSource;
  clock: FakeClock;
  calls: Request[];
  name: string;
  start(c: Controller): Promise<void>;
}

function harness(): Harness {
  const source = new FakeSource();
  const clock = new FakeClock();
  const h: Harness = {
    source,
    clock,
    calls: [],
    name: `test-${++seq}`,
    async start(c) {
      running.push(c);
      await c.start({ source, syncTimeoutMs: 1000 });
    },
  };
  return h;
}

/** Reads one sample of a metric from the shared registry. */
async function metric(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const m = metricsRegistry.getSingleMetric(name);
  const data = await m?.get();
  return data?.values.find(
    (v) =>
      ((v as { metricName?: string }).metricName ?? name) === name &&
      Object.entries(labels).every(([k, val]) => v.labels[k] === val),
  )?.value;
}

describe('controller', () => {
  it('starts workers only after its caches sync, then reconciles the initial list and live events', async () => {
    const h = harness();
    const seen: Array<{ req: Request; ctx: ReconcileContext }> = [];
    const c = controllerFor(h.name)
      .for(CM)
      .build(async (req, ctx) => {
        seen.push({ req, ctx });
      });
    const starting = h.start(c);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(0);
    h.source.informer('v1', 'ConfigMap').sync([obj('v1', 'ConfigMap', 'ns', 'a')]);
    await starting;
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    h.source.informer('v1', 'ConfigMap').add(obj('v1', 'ConfigMap', 'ns', 'b'));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.map((s) => s.req)).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'b' },
    ]);
    expect(seen[0]!.ctx.reconcileID).not.toBe(seen[1]!.ctx.reconcileID);
    expect(seen[0]!.ctx.signal.aborted).toBe(false);
  });

  it('fails to start when caches do not sync within the timeout', async () => {
    const h = harness();
    const c = controllerFor(h.name)
      .for(CM)
      .build(async () => {});
    await expect(c.start({ source: h.source, syncTimeoutMs: 30 })).rejects.toThrow(/caches did not sync/);
    expect(c.started).toBe(false);
  });

  it('requeues errors with exponential backoff and forgets on success', async () => {
    const h = harness();
    let calls = 0;
    const c = controllerFor(h.name)
      .for(CM)
      .withQueueOptions({ clock: h.clock })
      .build(async () => {
        if (++calls <= 3) throw new Error(`boom ${calls}`);
      });
    h.source.informer('v1', 'ConfigMap').sync([obj('v1', 'ConfigMap', 'ns', 'a')]);
    await h.start(c);
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(c.queue!.numRequeues('ns/a')).toBe(1);
    h.clock.advance(4);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(1);
    h.clock.advance(1); // 5 ms
    await vi.waitFor(() => expect(calls).toBe(2));
    h.clock.advance(10); // 10 ms
    await vi.waitFor(() => expect(calls).toBe(3));
    expect(c.queue!.numRequeues('ns/a')).toBe(3);
    h.clock.advance(20); // 20 ms
    await vi.waitFor(() => expect(calls).toBe(4));
    await vi.waitFor(() => expect(c.queue!.numRequeues('ns/a')).toBe(0));
    expect(await metric('controller_runtime_reconcile_errors_total', { controller: h.name })).toBe(3);
    expect(await metric('controller_runtime_reconcile_total', { controller: h.name, result: 'error' })).toBe(
      3,
    );
    expect(
      await metric('controller_runtime_reconcile_total', { controller: h.name, result: 'success' }),
    ).toBe(1);
  });

  it('does not requeue a TerminalError (also when wrapped as a cause)', async () => {
    const h = harness();
    let calls = 0;
    const c = controllerFor(h.name)
      .for(CM)
      .withQueueOptions({ clock: h.clock })
      .build(async (req) => {
        calls++;
        if (req.name === 'a') throw new TerminalError('bad spec');
        throw new Error('wrapped', { cause: new TerminalError('bad spec') });
      });
    h.source
      .informer('v1', 'ConfigMap')
      .sync([obj('v1', 'ConfigMap', 'ns', 'a'), obj('v1', 'ConfigMap', 'ns', 'b')]);
    await h.start(c);
    await vi.waitFor(() => expect(calls).toBe(2));
    h.clock.advance(10_000);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(2);
    expect(c.queue!.waitingCount()).toBe(0);
    expect(c.queue!.numRequeues('ns/a')).toBe(0);
    expect(await metric('controller_runtime_terminal_reconcile_errors_total', { controller: h.name })).toBe(
      2,
    );
    expect(await metric('controller_runtime_reconcile_errors_total', { controller: h.name })).toBe(2);
  });

  it('handles requeueAfter by forgetting the backoff and adding after the delay', async () => {
    const h = harness();
    const results: Array<Result | undefined> = [{ requeue: true }, { requeueAfter: 1000 }, undefined];
    let calls = 0;
    const c = controllerFor(h.name)
      .for(CM)
      .withQueueOptions({ clock: h.clock })
      .build(async () => results[calls++]);
    h.source.informer('v1', 'ConfigMap').sync([obj('v1', 'ConfigMap', 'ns', 'a')]);
    await h.start(c);
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(c.queue!.numRequeues('ns/a')).toBe(1); // requeue: rate-limited
    h.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    await vi.waitFor(() => expect(c.queue!.numRequeues('ns/a')).toBe(0)); // requeueAfter: forgotten
    h.clock.advance(999);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(2);
    h.clock.advance(1);
    await vi.waitFor(() => expect(calls).toBe(3));
    expect(
      await metric('controller_runtime_reconcile_total', { controller: h.name, result: 'requeue' }),
    ).toBe(1);
    expect(
      await metric('controller_runtime_reconcile_total', { controller: h.name, result: 'requeue_after' }),
    ).toBe(1);
    expect(
      await metric('controller_runtime_reconcile_total', { controller: h.name, result: 'success' }),
    ).toBe(1);
  });

  it('counts a thrown non-Error as a panic and requeues it with backoff', async () => {
    const h = harness();
    let calls = 0;
    const c = controllerFor(h.name)
      .for(CM)
      .withQueueOptions({ clock: h.clock })
      .build(() => {
        calls++;
        // A synchronous throw of a non-Error value: the worst a reconciler can do.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw 'kaput';
      });
    h.source.informer('v1', 'ConfigMap').sync([obj('v1', 'ConfigMap', 'ns', 'a')]);
    await h.start(c);
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(c.queue!.numRequeues('ns/a')).toBe(1);
    expect(await metric('controller_runtime_reconcile_panics_total', { controller: h.name })).toBe(1);
    expect(await metric('controller_runtime_reconcile_errors_total', { controller: h.name })).toBe(1);
  });

  it('aborts the signal on the reconcile timeout and treats the outcome as an error', async () => {
    const h = harness();
    let reason: unknown;
    const c = controllerFor(h.name)
      .for(CM)
      .withReconcileTimeout(500)
      .withQueueOptions({ clock: h.clock })
      .build(
        (_req, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              reason = signal.reason;
              reject(signal.reason as Error);
            });
          }),
      );
    h.source.informer('v1', 'ConfigMap').sync([obj('v1', 'ConfigMap', 'ns', 'a')]);
    await h.start(c);
    await vi.waitFor(() => expect(c.queue!.processingCount()).toBe(1));
    h.clock.advance(500);
    await vi.waitFor(() => expect((reason as Error | undefined)?.name).toBe('TimeoutError'));
    await vi.waitFor(() => expect(c.queue!.numRequeues('ns/a')).toBe(1));
  });

  it('enqueues the controller owner for owned objects, matched by group and kind, old and new on update', async () => {
    const h = harness();
    const seen: string[] = [];
    const c = controllerFor(h.name)
      .for(DEPLOY)
      .owns(POD)
      .build(async (req) => {
        seen.push(`${req.namespace}/${req.name}`);
      });
    h.source.informer('apps/v1', 'Deployment').sync();
    const pods = h.source.informer('v1', 'Pod');
    pods.sync();
    await h.start(c);
    const ref = (name: string, apiVersion = 'apps/v1', kind = 'Deployment', controller = true) => ({
      apiVersion,
      kind,
      name,
      uid: `uid-${name}`,
      controller,
    });
    pods.add(obj('v1', 'Pod', 'ns', 'p0', { ownerReferences: [ref('d0', 'apps/v1', 'Deployment', false)] }));
    pods.add(obj('v1', 'Pod', 'ns', 'p1', { ownerReferences: [ref('other', 'batch/v1', 'Deployment')] }));
    pods.add(obj('v1', 'Pod', 'ns', 'p2', { ownerReferences: [ref('other', 'apps/v1', 'ReplicaSet')] }));
    pods.add(obj('v1', 'Pod', 'ns', 'p3', { ownerReferences: [ref('d1', 'apps/v1beta2')] }));
    await vi.waitFor(() => expect(seen).toEqual(['ns/d1']));
    pods.update(obj('v1', 'Pod', 'ns', 'p3', { ownerReferences: [ref('d2')] }));
    await vi.waitFor(() => expect([...seen].sort()).toEqual(['ns/d1', 'ns/d1', 'ns/d2']));
  });

  it('places a cluster-scoped owner without a namespace', async () => {
    const h = harness();
    h.source.namespaced = false;
    const seen: Request[] = [];
    const c = controllerFor(h.name)
      .for({ apiVersion: 'example.com/v1', kind: 'Cluster' })
      .owns(CM)
      .build(async (req) => {
        seen.push(req);
      });
    h.source.informer('example.com/v1', 'Cluster').sync();
    const cms = h.source.informer('v1', 'ConfigMap');
    cms.sync();
    await h.start(c);
    cms.add(
      obj('v1', 'ConfigMap', 'ns', 'x', {
        ownerReferences: [
          { apiVersion: 'example.com/v1', kind: 'Cluster', name: 'c1', uid: 'u', controller: true },
        ],
      }),
    );
    await vi.waitFor(() => expect(seen).toEqual([{ name: 'c1' }]));
  });

  it('maps watched objects with the map function and filters events with predicates', async () => {
    const h = harness();
    const seen: string[] = [];
    const c = controllerFor(h.name)
      .for(CM, { predicates: [generationChanged] })
      .watches({ apiVersion: 'v1', kind: 'Secret' }, (s) =>
        (s.metadata.labels?.['for'] ?? '').split(',').map((name) => ({ namespace: 'ns', name })),
      )
      .build(async (req) => {
        seen.push(req.name);
      });
    const cms = h.source.informer('v1', 'ConfigMap');
    cms.sync();
    h.source.informer('v1', 'Secret').sync();
    await h.start(c);
    cms.add(obj('v1', 'ConfigMap', 'ns', 'a'));
    await vi.waitFor(() => expect(seen).toEqual(['a']));
    cms.update(obj('v1', 'ConfigMap', 'ns', 'a', { generation: 1, labels: { x: 'y' } })); // filtered
    h.source.informer('v1', 'Secret').add(obj('v1', 'Secret', 'ns', 's', { labels: { for: 'b,c' } }));
    await vi.waitFor(() => expect(seen).toEqual(['a', 'b', 'c']));
    cms.update(obj('v1', 'ConfigMap', 'ns', 'a', { generation: 2 }));
    await vi.waitFor(() => expect(seen).toEqual(['a', 'b', 'c', 'a']));
  });

  it('runs up to maxConcurrentReconciles keys at once but never one key twice', async () => {
    const h = harness();
    let active = 0;
    let peak = 0;
    const activeKeys = new Set<string>();
    let overlaps = 0;
    let done = 0;
    const c = controllerFor(h.name)
      .for(CM)
      .withMaxConcurrentReconciles(3)
      .build(async (req) => {
        if (activeKeys.has(req.name)) overlaps++;
        activeKeys.add(req.name);
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        activeKeys.delete(req.name);
        done++;
      });
    const cms = h.source.informer('v1', 'ConfigMap');
    cms.sync();
    await h.start(c);
    for (let round = 0; round < 5; round++) {
      for (const n of ['a', 'b', 'c', 'd', 'e']) cms.add(obj('v1', 'ConfigMap', 'ns', n));
      await new Promise((r) => setTimeout(r, 2));
    }
    await vi.waitFor(() => expect(c.queue!.len() + c.queue!.processingCount()).toBe(0));
    expect(overlaps).toBe(0);
    expect(peak).toBe(3);
    expect(done).toBeGreaterThanOrEqual(5);
    expect(await metric('controller_runtime_max_concurrent_reconciles', { controller: h.name })).toBe(3);
    expect(await metric('controller_runtime_active_workers', { controller: h.name })).toBe(0);
  });

  it('stop drains in-flight reconciles, and aborts them when the grace period passes', async () => {
    const h = harness();
    let finished = 0;
    let aborted = 0;
    const c = controllerFor(h.name)
      .for(CM)
      .withMaxConcurrentReconciles(2)
      .build(async (req, { signal }) => {
        if (req.name === 'slow') {
          await new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => {
              aborted++;
              resolve();
            }),
          );
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
        finished++;
      });
    const cms = h.source.informer('v1', 'ConfigMap');
    cms.sync([obj('v1', 'ConfigMap', 'ns', 'quick')]);
    await h.start(c);
    await vi.waitFor(() => expect(c.queue!.processingCount()).toBe(1));
    const drained = await c.stop(1000);
    expect(drained).toBe(true);
    expect(finished).toBe(1);

    const c2 = controllerFor(h.name + '-b')
      .for(CM)
      .build(async (_req, { signal }) => {
        await new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            aborted++;
            resolve();
          }),
        );
      });
    cms.add(obj('v1', 'ConfigMap', 'ns', 'slow'));
    await h.start(c2);
    await vi.waitFor(() => expect(c2.queue!.processingCount()).toBe(1));
    expect(await c2.stop(30)).toBe(false);
    await vi.waitFor(() => expect(aborted).toBe(1));
  });

  it('logs every reconcile line with controller, namespace, name and reconcileID', async () => {
    const h = harness();
    const lines: Array<Record<string, unknown>> = [];
    const rawLines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) {
          rawLines.push(l);
          lines.push(JSON.parse(l) as Record<string, unknown>);
        }
        cb();
      },
    });
    const logger = createLogger({ level: 'debug', name: 'op', destination });
    let id = '';
    const c = controllerFor(h.name)
      .for(CM)
      .build(async (_req, ctx) => {
        id = ctx.reconcileID;
        ctx.log.info({ step: 1 }, 'hello');
      });
    const cms = h.source.informer('v1', 'ConfigMap');
    cms.sync([obj('v1', 'ConfigMap', 'ns', 'a')]);
    running.push(c);
    await c.start({ source: h.source, syncTimeoutMs: 1000, logger });
    await vi.waitFor(() => expect(lines.find((l) => l['msg'] === 'Reconcile done')).toBeDefined());
    const raw = rawLines.find((l) => l.includes('"hello"'))!;
    expect(raw.match(/"controller":/g)).toHaveLength(1); // bound once, not by every layer
    const hello = lines.find((l) => l['msg'] === 'hello')!;
    expect(hello).toMatchObject({
      level: 'info',
      logger: 'op',
      controller: h.name,
      namespace: 'ns',
      name: 'a',
      reconcileID: id,
      step: 1,
    });
    expect(lines.filter((l) => l['reconcileID'] === id).map((l) => l['msg'])).toEqual([
      'Reconciling',
      'hello',
      'Reconcile done',
    ]);
  });
});
