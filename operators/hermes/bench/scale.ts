// Scale benchmark on the kwok cluster: hermes-operator (its CLI, in a child process) converging
// N = 100 and 1,000 minimal instances. Reports the time until all are Running, the operator's API
// requests by HTTP method (its rest_client_requests_total), the writes it makes during two
// drift-check periods after convergence (target: zero) and its peak RSS.
//
//   node operators/hermes/bench/scale.ts [N ...]      (or through scripts/bench.ts: run())
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import { startControlPlane } from '@agent-operators/testing';
import { hermesCrds } from '../src/api/v1/crds.ts';
import { startOperatorProcess, sumBy } from '../test/e2e/support/operator-process.ts';
import type { OperatorProcess } from '../test/e2e/support/operator-process.ts';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

const EXAMPLE = join(import.meta.dirname, '..', 'examples', 'minimal.yaml');
/** Short drift period so "two resync periods" fit in the run; production default is 5m. */
const DRIFT_S = 15;
const WORKERS = 8;
const QPS = 200;
const BURST = 400;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The operator process running now, so a signal can end it with the cluster. */
let current: OperatorProcess | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, timeoutMs: number, fn: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(500);
  }
}

async function installCrds(client: HttpKubeClient): Promise<void> {
  for (const crd of hermesCrds()) {
    await client.apply(crd as unknown as KubeObject, { fieldManager: 'hermes-bench', force: true });
  }
  for (const crd of hermesCrds()) {
    const kind = { apiVersion: `${crd.spec.group}/${crd.spec.versions[0]!.name}`, kind: crd.spec.names.kind };
    // Served and watchable (a new CRD's watch cache answers 429 for a moment).
    await until(`a watch on ${kind.kind}`, 60_000, async () => {
      const { resourceVersion } = await client.listAll(kind, { limit: 1 });
      for await (const _ of client.watch(kind, { resourceVersion, timeoutSeconds: 1 })) break;
      return true;
    });
  }
  client.invalidateDiscovery();
}

/** Peak resident set of a process (VmHWM), in MiB. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function requestsByMethod(op: OperatorProcess): Promise<Record<string, number>> {
  return sumBy(await op.metrics(), 'rest_client_requests_total', 'method');
}

function diff(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(after)) {
    const d = v - (before[k] ?? 0);
    if (d !== 0) out[k] = d;
  }
  return out;
}

const writesOf = (byMethod: Record<string, number>) =>
  WRITE_METHODS.reduce((n, m) => n + (byMethod[m] ?? 0), 0);

async function createAll(client: HttpKubeClient, ns: string, n: number): Promise<void> {
  const base = parse(readFileSync(EXAMPLE, 'utf8')) as KubeObject;
  const names = Array.from({ length: n }, (_, i) => `agent-${String(i).padStart(4, '0')}`);
  for (let i = 0; i < names.length; i += 25) {
    await Promise.all(
      names
        .slice(i, i + 25)
        .map((name) => client.create({ ...structuredClone(base), metadata: { name, namespace: ns } })),
    );
  }
}

/** Events in `ns` since `since`, counted by `kind/reason`: what moved while the operator should idle. */
async function eventsSince(client: HttpKubeClient, ns: string, since: Date): Promise<Record<string, number>> {
  const { items } = await client.listAll({ apiVersion: 'events.k8s.io/v1', kind: 'Event', namespace: ns });
  const out: Record<string, number> = {};
  for (const e of items) {
    const at = (e['eventTime'] ?? e['deprecatedLastTimestamp'] ?? e.metadata.creationTimestamp) as
      string | undefined;
    const series = (e['series'] as { lastObservedTime?: string } | undefined)?.lastObservedTime;
    if (Date.parse(series ?? at ?? '') < since.getTime()) continue;
    const key = `${(e['regarding'] as { kind?: string }).kind}/${String(e['reason'])}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function phaseCounts(client: HttpKubeClient, ns: string): Promise<Record<string, number>> {
  const { items } = await client.listAll({
    apiVersion: 'hermes.agent/v1',
    kind: 'HermesInstance',
    namespace: ns,
  });
  const out: Record<string, number> = {};
  for (const i of items) {
    const phase = (i['status'] as { phase?: string } | undefined)?.phase ?? '(none)';
    out[phase] = (out[phase] ?? 0) + 1;
  }
  return out;
}

async function scale(
  client: HttpKubeClient,
  kubeconfigPath: string,
  n: number,
  dir: string,
): Promise<Measurement[]> {
  const ns = `bench-${n}`;
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  await client.create({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'hermes-llm-keys', namespace: ns },
    stringData: { OPENROUTER_API_KEY: 'bench' },
  });
  const op = await startOperatorProcess({
    kubeconfigPath,
    logFile: join(dir, `operator-${n}.log`),
    args: [
      `--namespaces=${ns}`,
      '--leader-elect=false',
      '--enable-webhooks=false',
      `--drift-period=${DRIFT_S}s`,
      `--max-concurrent-reconciles=${WORKERS}`,
      `--kube-api-qps=${QPS}`,
      `--kube-api-burst=${BURST}`,
      '--log-level=warn',
    ],
  });
  current = op;
  try {
    await op.waitReady(120_000);
    const idle = await requestsByMethod(op);
    const cpuBefore = cpuSeconds(op.pid);
    const started = Date.now();
    await createAll(client, ns, n);
    const created = Date.now();
    let lastReport = 0;
    await until(`${n} instances Running`, 30 * 60_000, async () => {
      const phases = await phaseCounts(client, ns);
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        process.stderr.write(
          `  [${n}] ${((Date.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(phases)}\n`,
        );
      }
      return phases['Running'] === n ? true : undefined;
    });
    const convergedMs = Date.now() - started;
    const converged = await requestsByMethod(op);
    const convergence = diff(converged, idle);
    const cpuConverge = cpuSeconds(op.pid) - cpuBefore;

    // Steady state: two drift periods, in which every instance is reconciled twice.
    const windowStart = new Date();
    await sleep(2 * DRIFT_S * 1000 + 3000);
    const steady = diff(await requestsByMethod(op), converged);
    const causes = await eventsSince(client, ns, windowStart);
    const rss = peakRssMiB(op.pid);
    const perInstance = (m: string) => ((convergence[m] ?? 0) / n).toFixed(2);
    return [
      {
        name: `${n} instances: time until all Running`,
        value: `${(convergedMs / 1000).toFixed(1)} s`,
        detail: `creating them took ${((created - started) / 1000).toFixed(1)} s; ${WORKERS} workers, client ${QPS} qps / burst ${BURST}`,
      },
      {
        name: `${n} instances: operator API requests to converge`,
        value: Object.entries(convergence)
          .sort()
          .map(([m, c]) => `${m} ${c}`)
          .join(', '),
        detail: `per instance: POST ${perInstance('POST')}, PUT ${perInstance('PUT')}, PATCH ${perInstance('PATCH')}, GET ${perInstance('GET')} (GET includes watches); ${cpuConverge.toFixed(1)} CPU s`,
      },
      {
        name: `${n} instances: writes during two drift periods after convergence`,
        value: String(writesOf(steady)),
        detail: `drift period ${DRIFT_S} s (target 0); all requests: ${JSON.stringify(steady)}${
          Object.keys(causes).length ? `; Events in the window (what changed): ${JSON.stringify(causes)}` : ''
        }`,
      },
      {
        name: `${n} instances: operator peak RSS`,
        value: `${rss.toFixed(0)} MiB`,
        detail: 'VmHWM of the process',
      },
    ];
  } finally {
    await op.stop('SIGTERM');
    current = undefined;
  }
}

export async function run(sizes: number[] = [100, 1000]): Promise<Measurement[]> {
  const cp = await startControlPlane({ tier: 'cluster' });
  const onSignal = () =>
    void Promise.allSettled([current?.stop('SIGKILL'), cp.stop()]).finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const client = await createKubeClient({ kubeconfigPath: cp.kubeconfigPath, qps: 500, burst: 1000 });
  const dir = mkdtempSync(join(tmpdir(), 'hermes-scale-'));
  try {
    await installCrds(client);
    const out: Measurement[] = [];
    for (const n of sizes) out.push(...(await scale(client, cp.kubeconfigPath, n, dir)));
    return out;
  } finally {
    client.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cp.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  for (const m of await run(sizes.length ? sizes : undefined)) {
    console.log(`${m.name}: ${m.value}${m.detail ? `  (${m.detail})` : ''}`);
  }
}
