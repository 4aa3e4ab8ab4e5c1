// Cache memory per N objects (default 10,000 ConfigMaps) with managedFields stripped (the default)
// and kept. One command: `node --expose-gc packages/runtime/bench/cache-memory.ts`
//   --kubeconfig <path>  use this API server instead of starting a local control plane
//   --count <n>          objects to create and cache (default 10000)
//   --runs <n>           measurements per mode (default 2; the median is reported)
// Objects are created by server-side apply (so they carry real managedFields) with 16 requests in
// flight. Each measurement runs in a fresh child process with --expose-gc: heap used after a full
// GC with the synced informer alive, minus the same before the informer was created.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startControlPlane } from '@agent-operators/testing';
import type { ControlPlane } from '@agent-operators/testing';
import { silentLogger } from '../src/cache/logger.ts';
import { SharedInformer } from '../src/cache/shared-informer.ts';
import { createKubeClient } from '../src/client/index.ts';
import type { KubeObject } from '../src/client/types.ts';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

interface ChildResult {
  strip: boolean;
  objects: number;
  heapBytes: number;
  syncMs: number;
  rssBytes: number;
}

const self = fileURLToPath(import.meta.url);
const MiB = 2 ** 20;

function desired(namespace: string, i: number): KubeObject {
  const id = String(i).padStart(5, '0');
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      namespace,
      name: `bench-${id}`,
      labels: {
        'app.kubernetes.io/name': 'bench',
        'app.kubernetes.io/instance': `instance-${i % 100}`,
        'app.kubernetes.io/managed-by': 'cache-memory-bench',
      },
      annotations: { 'bench.agent-operators.dev/checksum': randomBytes(16).toString('hex') },
    },
    data: {
      'config.yaml': `model: hermes-3\nreplicas: 1\ninstance: ${id}\nendpoint: http://svc-${id}.example:8080\n`,
      'feature-flags': 'tools=on,memory=on,telemetry=off',
      owner: `team-${i % 7}`,
    },
  };
}

/** Creates `count` ConfigMaps by server-side apply with `concurrency` requests in flight. */
async function createObjects(kubeconfigPath: string, namespace: string, count: number): Promise<number> {
  const client = await createKubeClient({ kubeconfigPath, qps: 0 });
  try {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
    const t0 = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count) {
        const i = next++;
        await client.apply(desired(namespace, i), { fieldManager: 'cache-memory-bench', force: true });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    return performance.now() - t0;
  } finally {
    client.close();
  }
}

function gcHard(): void {
  const gc = globalThis.gc;
  if (!gc) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
}

/** In the child: heap growth from syncing one informer over the namespace. */
async function measure(kubeconfigPath: string, namespace: string, strip: boolean): Promise<ChildResult> {
  const client = await createKubeClient({ kubeconfigPath, qps: 0 });
  const kind = { apiVersion: 'v1', kind: 'ConfigMap', namespace };
  // Warm the client (discovery, code paths) so the baseline holds everything but the cache.
  await client.list(kind, { limit: 1 });
  gcHard();
  const before = process.memoryUsage().heapUsed;
  const informer = new SharedInformer(client, kind, { stripManagedFields: strip, logger: silentLogger });
  const t0 = performance.now();
  informer.start();
  await informer.waitForSync(600_000);
  const syncMs = performance.now() - t0;
  gcHard();
  const after = process.memoryUsage();
  const result = {
    strip,
    objects: informer.store.size,
    heapBytes: after.heapUsed - before,
    syncMs,
    rssBytes: after.rss,
  };
  await informer.stop();
  client.close();
  return result;
}

function runChild(kubeconfigPath: string, namespace: string, strip: boolean): ChildResult {
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--disable-warning=ExperimentalWarning',
      self,
      '--child',
      '--kubeconfig',
      kubeconfigPath,
      '--namespace',
      namespace,
      '--strip',
      String(strip),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MiB },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as ChildResult;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function run(
  opts: { kubeconfigPath?: string; count?: number; runs?: number } = {},
): Promise<Measurement[]> {
  const count = opts.count ?? 10_000;
  const runs = opts.runs ?? 2;
  let cp: ControlPlane | undefined;
  let kubeconfigPath = opts.kubeconfigPath;
  if (!kubeconfigPath) {
    cp = await startControlPlane({ tier: 'api' });
    kubeconfigPath = cp.kubeconfigPath;
  }
  try {
    const namespace = `cache-bench-${randomBytes(3).toString('hex')}`;
    const createMs = await createObjects(kubeconfigPath, namespace, count);
    const results: ChildResult[] = [];
    for (let r = 0; r < runs; r++) {
      // Alternate the order so neither mode always runs on a warmer server.
      for (const strip of r % 2 === 0 ? [true, false] : [false, true]) {
        results.push(runChild(kubeconfigPath, namespace, strip));
      }
    }
    const per10k = (bytes: number, objects: number): number => (bytes / objects) * 10_000;
    const mode = (strip: boolean): { heap: number; perObject: number; sync: number; all: ChildResult[] } => {
      const rs = results.filter((x) => x.strip === strip);
      const heap = median(rs.map((x) => per10k(x.heapBytes, x.objects)));
      return { heap, perObject: heap / 10_000, sync: median(rs.map((x) => x.syncMs)), all: rs };
    };
    const stripped = mode(true);
    const kept = mode(false);
    const detail = (m: ReturnType<typeof mode>): string =>
      `${Math.round(m.perObject)} B/object; sync ${(m.sync / 1000).toFixed(1)} s; runs: ${m.all
        .map((x) => `${(per10k(x.heapBytes, x.objects) / MiB).toFixed(1)}`)
        .join(', ')} MiB`;
    return [
      {
        name: `cache heap per 10,000 ConfigMaps, managedFields stripped (default), median of ${runs}`,
        value: `${(stripped.heap / MiB).toFixed(1)} MiB`,
        detail: detail(stripped),
      },
      {
        name: `cache heap per 10,000 ConfigMaps, managedFields kept, median of ${runs}`,
        value: `${(kept.heap / MiB).toFixed(1)} MiB`,
        detail: detail(kept),
      },
      {
        name: 'saved by stripping managedFields',
        value: `${(100 * (1 - stripped.heap / kept.heap)).toFixed(0)} %`,
        detail: `${count} objects created by server-side apply (16 in flight) in ${(createMs / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    await cp?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      child: { type: 'boolean', default: false },
      kubeconfig: { type: 'string' },
      namespace: { type: 'string' },
      strip: { type: 'string' },
      count: { type: 'string' },
      runs: { type: 'string' },
    },
  });
  if (values.child) {
    const result = await measure(values.kubeconfig!, values.namespace!, values.strip === 'true');
    console.log(JSON.stringify(result));
  } else {
    const ms = await run({
      kubeconfigPath: values.kubeconfig,
      count: values.count ? Number(values.count) : undefined,
      runs: values.runs ? Number(values.runs) : undefined,
    });
    for (const m of ms) console.log(`${m.name}: ${m.value}${m.detail ? ` (${m.detail})` : ''}`);
  }
}
