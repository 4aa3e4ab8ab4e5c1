// Cost of a converged `ensure`: the live object comes from the cache (no GET), nothing differs,
// so no request is sent and the whole cost is the merge walk. Measured on a StatefulSet the size
// hermes builds (every server default set). One command: `node packages/runtime/bench/ensure.bench.ts`
// No server needed: the client throws on any call, which also proves the no-op sends nothing.
import { fileURLToPath } from 'node:url';
import type { KubeClient, KubeObject } from '../src/client/types.ts';
import { ensure } from '../src/apply/ensure.ts';
import { defaultMergeRules, mergeObject } from '../src/apply/merge.ts';
import { ownedKeysByPrefix } from '../src/apply/owned-keys.ts';
import { configMap, service, statefulSet } from '../test/unit/apply/fixtures.ts';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

const noRequests = new Proxy({} as KubeClient, {
  get(_t, prop) {
    if (prop === 'then') return undefined; // not a thenable
    throw new Error(`a converged ensure must not touch the client (called ${String(prop)})`);
  },
});

/** What the API server returns for `desired`: the same plus server metadata, managedFields, status. */
function live(desired: KubeObject, extra: Record<string, unknown> = {}): KubeObject {
  const obj = structuredClone(desired);
  obj.metadata = {
    ...obj.metadata,
    uid: '6f1c1a52-2f7e-4b8e-9d1a-0c3c9b1f4e21',
    resourceVersion: '184467',
    generation: 3,
    creationTimestamp: '2026-03-01T10:00:00Z',
    managedFields: [
      {
        manager: 'hermes-operator',
        operation: 'Update',
        apiVersion: obj.apiVersion,
        time: '2026-03-01T10:00:00Z',
      },
    ],
  };
  return { ...obj, ...extra };
}

const ownedKey = ownedKeysByPrefix(['hermes.agent/', 'app.kubernetes.io/']);

interface Timing {
  min: number;
  median: number;
}

/**
 * ns per call over `rounds` rounds of `n` calls, after a warm-up. The minimum is the cost on an
 * idle core; the median shows what sharing the machine adds.
 */
async function nsPerOp(fn: () => unknown, n: number, rounds = 9): Promise<Timing> {
  for (let i = 0; i < n; i++) await fn();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn();
    samples.push(Number(process.hrtime.bigint() - t0) / n);
  }
  samples.sort((a, b) => a - b);
  return { min: samples[0] ?? NaN, median: samples[Math.floor(samples.length / 2)] ?? NaN };
}

const show = (t: Timing): string => `${Math.round(t.min)} ns/op`;
const spread = (t: Timing): string => `median ${Math.round(t.median)} ns`;

export async function run(): Promise<Measurement[]> {
  const sts = statefulSet('bench');
  const stsLive = live(sts, {
    status: { replicas: 1, readyReplicas: 1, currentRevision: 'agent-7c9d', updateRevision: 'agent-7c9d' },
  });
  const svc = service('bench');
  const svcLive = live(svc);
  Object.assign(svcLive['spec'] as object, {
    clusterIP: '10.0.0.12',
    clusterIPs: ['10.0.0.12'],
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
  });
  const cm = configMap('bench');
  const cmLive = live(cm);

  for (const [d, l] of [
    [sts, stsLive],
    [svc, svcLive],
    [cm, cmLive],
  ] as const) {
    const res = await ensure(noRequests, d, { current: l, ownedKey });
    if (res.result !== 'unchanged') throw new Error(`${d.kind} fixture is not converged`);
  }

  const size = `${JSON.stringify(sts).length} B desired, ${JSON.stringify(stsLive).length} B live`;
  const rules = { ...defaultMergeRules, ownedKey };
  const cases: [string, () => unknown, number, string][] = [
    [
      'ensure no-op, StatefulSet',
      () => ensure(noRequests, sts, { current: stsLive, ownedKey }),
      20_000,
      `${size}; current from cache, 0 requests`,
    ],
    [
      'mergeObject no-op, StatefulSet',
      () => mergeObject(stsLive, sts, rules),
      20_000,
      'the merge walk alone',
    ],
    [
      'ensure no-op, Service',
      () => ensure(noRequests, svc, { current: svcLive, ownedKey }),
      50_000,
      'clusterIP from the server',
    ],
    [
      'ensure no-op, ConfigMap',
      () => ensure(noRequests, cm, { current: cmLive, ownedKey }),
      50_000,
      '2 keys',
    ],
  ];
  const out: Measurement[] = [];
  for (const [name, fn, n, detail] of cases) {
    const t = await nsPerOp(fn, n);
    out.push({ name, value: show(t), detail: `${detail}; ${spread(t)}` });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const m of await run()) console.log(`${m.name}: ${m.value}${m.detail ? `  (${m.detail})` : ''}`);
}
