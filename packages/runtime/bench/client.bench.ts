// Kube client costs on loopback: request latency and throughput, server-side apply, watch
// open/close cycles and event delivery, paginated lists, the rate limiter's achieved rate, and the
// cached discovery lookup. One command: `node packages/runtime/bench/client.bench.ts`
//   --kubeconfig <path>  use this API server instead of starting a local control plane
// Numbers describe this client plus a local kube-apiserver sharing the same cores, not a cluster.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startControlPlane } from '@agent-operators/testing';
import type { ControlPlane } from '@agent-operators/testing';
import { createKubeClient } from '../src/client/index.ts';
import type { HttpKubeClient, KubeObject } from '../src/client/index.ts';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

const cmKind = { apiVersion: 'v1', kind: 'ConfigMap' };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

function configMap(namespace: string, name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { k: 'v' } };
}

/** Runs `fn(i)` for i in [0, n) with `concurrency` in flight. */
async function pool(n: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) await fn(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function inUse(client: HttpKubeClient): number {
  return Object.values(client.agent.sockets).reduce((n, l) => n + (l?.length ?? 0), 0);
}

async function measure(kubeconfigPath: string): Promise<Measurement[]> {
  const out: Measurement[] = [];
  const client = await createKubeClient({ kubeconfigPath, qps: 0 });
  const ns = `client-bench-${randomBytes(3).toString('hex')}`;
  try {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    await client.create(configMap(ns, 'target'));
    const ref = { ...cmKind, namespace: ns, name: 'target' };

    // Sequential GETs.
    for (let i = 0; i < 50; i++) await client.get(ref); // warm-up
    const lat: number[] = [];
    for (let i = 0; i < 1000; i++) lat.push(await timed(() => client.get(ref)));
    out.push({
      name: 'GET one ConfigMap, sequential (1,000)',
      value: `p50 ${percentile(lat, 50).toFixed(2)} ms`,
      detail: `p99 ${percentile(lat, 99).toFixed(2)} ms`,
    });

    // Concurrent GETs.
    const n = 4000;
    const cpu = process.cpuUsage();
    const ms = await timed(() => pool(n, 16, () => client.get(ref)));
    const { user, system } = process.cpuUsage(cpu);
    out.push({
      name: 'GET throughput, 16 in flight (4,000)',
      value: `${Math.round(n / (ms / 1000))} req/s`,
      detail: `client CPU ${((user + system) / n).toFixed(0)} µs/request; the API server shares the cores`,
    });

    // Server-side apply.
    const applyLat: number[] = [];
    for (let i = 0; i < 300; i++) {
      const obj = { ...configMap(ns, 'applied'), data: { i: String(i % 2) } };
      applyLat.push(await timed(() => client.apply(obj, { fieldManager: 'bench' })));
    }
    out.push({
      name: 'server-side apply, sequential (300, alternating change)',
      value: `p50 ${percentile(applyLat, 50).toFixed(2)} ms`,
      detail: `p99 ${percentile(applyLat, 99).toFixed(2)} ms`,
    });

    // Watch open -> first event -> close.
    const cycles = 300;
    const watchMs = await timed(async () => {
      for (let i = 0; i < cycles; i++) {
        for await (const _ of client.watch(
          { ...cmKind, namespace: ns },
          { fieldSelector: 'metadata.name=target' },
        ))
          break;
      }
    });
    await new Promise((r) => setTimeout(r, 200));
    out.push({
      name: `watch open, first event, close (${cycles} cycles)`,
      value: `${(watchMs / cycles).toFixed(2)} ms/cycle`,
      detail: `sockets in use afterwards: ${inUse(client)}`,
    });

    // Event delivery while creating objects.
    const events = 1000;
    const { metadata } = await client.list({ ...cmKind, namespace: ns }, { limit: 1 });
    const ac = new AbortController();
    let seen = 0;
    const start = performance.now();
    const consumer = (async () => {
      for await (const evt of client.watch(
        { ...cmKind, namespace: ns },
        { resourceVersion: metadata.resourceVersion, labelSelector: 'bench=events', signal: ac.signal },
      )) {
        if (evt.type === 'ADDED' && ++seen === events) break;
      }
    })();
    const createMs = await timed(() =>
      pool(events, 16, (i) =>
        client.create({
          ...configMap(ns, `ev-${i}`),
          metadata: { name: `ev-${i}`, namespace: ns, labels: { bench: 'events' } },
        }),
      ),
    );
    await consumer;
    const deliverMs = performance.now() - start;
    out.push({
      name: `create ${events} ConfigMaps (16 in flight) with a watch open`,
      value: `${Math.round(events / (createMs / 1000))} creates/s`,
      detail: `all ${events} ADDED events received after ${Math.round(deliverMs)} ms`,
    });

    // Paginated list.
    const listMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      listMs.push(await timed(() => client.listAll({ ...cmKind, namespace: ns }, { limit: 250 })));
    }
    out.push({
      name: `listAll ${events + 2} ConfigMaps, pages of 250 (median of 5)`,
      value: `${percentile(listMs, 50).toFixed(1)} ms`,
    });

    // Discovery lookups once cached.
    await client.resourceFor('v1', 'ConfigMap');
    const lookups = 200_000;
    const discMs = await timed(async () => {
      for (let i = 0; i < lookups; i++) await client.resourceFor('v1', 'ConfigMap');
    });
    out.push({ name: 'cached discovery lookup', value: `${((discMs * 1000) / lookups).toFixed(2)} µs` });

    // The default limiter (20 qps, burst 30): achieved rate for 110 GETs.
    const limited = await createKubeClient({ kubeconfigPath });
    try {
      await limited.get(ref); // discovery + first GET spend 2 burst tokens
      const limitedMs = await timed(() => pool(110, 16, () => limited.get(ref)));
      const expected = ((110 - 28) / 20) * 1000;
      out.push({
        name: 'default rate limit (20 qps, burst 30): 110 GETs, 16 in flight',
        value: `${(limitedMs / 1000).toFixed(2)} s`,
        detail: `token bucket predicts ${(expected / 1000).toFixed(2)} s`,
      });
    } finally {
      limited.close();
    }
  } finally {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', name: ns }).catch(() => undefined);
    client.close();
  }
  return out;
}

export async function run(opts: { kubeconfigPath?: string } = {}): Promise<Measurement[]> {
  let cp: ControlPlane | undefined;
  try {
    if (!opts.kubeconfigPath) cp = await startControlPlane({ tier: 'api' });
    return await measure(opts.kubeconfigPath ?? cp!.kubeconfigPath);
  } finally {
    await cp?.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { kubeconfig: { type: 'string' } } });
  const ms = await run({ kubeconfigPath: values.kubeconfig });
  for (const m of ms) console.log(`${m.name}: ${m.value}${m.detail ? ` (${m.detail})` : ''}`);
}
