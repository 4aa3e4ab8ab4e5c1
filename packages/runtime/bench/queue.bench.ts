// Work queue throughput: add + get + done cycles per second, with unique keys and with duplicate
// keys contending (de-duplication while queued, dirty re-adds while processing), synchronous and
// with async workers, with and without Prometheus metrics. No server needed.
// One command: `node packages/runtime/bench/queue.bench.ts` (options: --ops <n> --runs <n>)
// Each scenario runs --runs times (default 5) after a warm-up; the median is printed. Rates are per
// second of this process's CPU time (user + system), not wall time, so that other work on a shared
// machine does not distort them; wall-clock rates are at most these.
import { parseArgs } from 'node:util';
import { prometheusQueueMetrics } from '../src/queue/metrics.ts';
import { WorkQueue } from '../src/queue/work-queue.ts';
import type { WorkQueueOptions } from '../src/queue/work-queue.ts';

const { values } = parseArgs({
  options: { ops: { type: 'string', default: '200000' }, runs: { type: 'string', default: '5' } },
});
const OPS = Number(values.ops);
const RUNS = Number(values.runs);

/** CPU time of this process in ms. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const uniqueKeys = Array.from({ length: OPS }, (_, i) => `ns-${i % 97}/obj-${i}`);
const hotKeys = Array.from({ length: 100 }, (_, i) => `ns/hot-${i}`);

interface Result {
  /** add calls per second. */
  adds: number;
  /** get + done cycles (items actually processed) per second. */
  processed: number;
}

type Scenario = (opts: WorkQueueOptions) => Result | Promise<Result>;

/** Unique keys, one at a time: add, get, done. */
const interleavedUnique: Scenario = (opts) => {
  const q = new WorkQueue(opts);
  const t0 = cpuMs();
  for (let i = 0; i < OPS; i++) {
    q.add(uniqueKeys[i]!);
    q.done(q.tryGet()!);
  }
  const s = (cpuMs() - t0) / 1000;
  q.shutDown();
  return { adds: OPS / s, processed: OPS / s };
};

/** Unique keys in batches of 1000: fill, then drain (the queue holds 1000 keys at a time). */
const batchedUnique: Scenario = (opts) => {
  const q = new WorkQueue(opts);
  const t0 = cpuMs();
  for (let i = 0; i < OPS; i += 1000) {
    for (let j = i; j < i + 1000 && j < OPS; j++) q.add(uniqueKeys[j]!);
    for (let k = q.tryGet(); k !== undefined; k = q.tryGet()) q.done(k);
  }
  const s = (cpuMs() - t0) / 1000;
  q.shutDown();
  return { adds: OPS / s, processed: OPS / s };
};

/** An initial list: every key queued (low priority), then drained. Proves draining stays linear. */
const fillThenDrain: Scenario = (opts) => {
  const q = new WorkQueue(opts);
  const t0 = cpuMs();
  for (let i = 0; i < OPS; i++) q.add(uniqueKeys[i]!, { priority: 'low' });
  for (let k = q.tryGet(); k !== undefined; k = q.tryGet()) q.done(k);
  const s = (cpuMs() - t0) / 1000;
  q.shutDown();
  return { adds: OPS / s, processed: OPS / s };
};

/** 100 hot keys added 10 times each per batch: 9 of 10 adds are de-duplicated while queued. */
const duplicateWhileQueued: Scenario = (opts) => {
  const q = new WorkQueue(opts);
  let processed = 0;
  const t0 = cpuMs();
  for (let i = 0; i < OPS; i += 1000) {
    for (let j = 0; j < 1000; j++) q.add(hotKeys[j % hotKeys.length]!);
    for (let k = q.tryGet(); k !== undefined; k = q.tryGet()) {
      q.done(k);
      processed++;
    }
  }
  const s = (cpuMs() - t0) / 1000;
  q.shutDown();
  return { adds: OPS / s, processed: processed / s };
};

/** Every key is re-added while it is processing (dirty), so each done puts it back. */
const duplicateWhileProcessing: Scenario = (opts) => {
  const q = new WorkQueue(opts);
  let processed = 0;
  for (const k of hotKeys) q.add(k);
  const t0 = cpuMs();
  for (let i = 0; i < OPS; i++) {
    const k = q.tryGet()!;
    q.add(k); // dirty: requeued on done, never handed out twice at once
    q.done(k);
    processed++;
  }
  const s = (cpuMs() - t0) / 1000;
  q.shutDown();
  return { adds: OPS / s, processed: processed / s };
};

/** 4 async workers awaiting get(); a producer adds keys from a pool of 1000 with duplicates. */
const asyncWorkers: Scenario = async (opts) => {
  const q = new WorkQueue(opts);
  let processed = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const k = await q.get();
      if (k === undefined) return;
      processed++;
      q.done(k);
    }
  };
  const workers = Array.from({ length: 4 }, () => worker());
  const t0 = cpuMs();
  for (let i = 0; i < OPS; i++) {
    q.add(uniqueKeys[i % 1000]!);
    // Yield now and then so workers run, as an informer's event stream does.
    if (i % 64 === 63) await new Promise<void>((r) => setImmediate(r));
  }
  while (q.len() > 0 || q.processingCount() > 0) await new Promise<void>((r) => setImmediate(r));
  const s = (cpuMs() - t0) / 1000;
  q.shutDown();
  await Promise.all(workers);
  return { adds: OPS / s, processed: processed / s };
};

const scenarios: Array<[string, Scenario]> = [
  ['unique keys, add+get+done one at a time', interleavedUnique],
  ['unique keys, batches of 1000', batchedUnique],
  [`initial list: ${OPS} keys queued (low priority), then drained`, fillThenDrain],
  ['100 hot keys, 10x duplicate adds while queued', duplicateWhileQueued],
  ['100 hot keys, re-added while processing (dirty)', duplicateWhileProcessing],
  ['4 async workers, 1000 keys with duplicates', asyncWorkers],
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number): string => `${(n / 1e6).toFixed(2)} M/s`;

let benchSeq = 0;
async function measure(scenario: Scenario, withMetrics: boolean): Promise<Result> {
  const opts = (): WorkQueueOptions =>
    withMetrics ? { metrics: prometheusQueueMetrics(`bench-${++benchSeq}`) } : {};
  await scenario(opts()); // warm-up
  const results: Result[] = [];
  for (let r = 0; r < RUNS; r++) results.push(await scenario(opts()));
  return { adds: median(results.map((r) => r.adds)), processed: median(results.map((r) => r.processed)) };
}

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

export async function run(): Promise<Measurement[]> {
  const out: Measurement[] = [];
  for (const [name, scenario] of scenarios) {
    for (const withMetrics of [false, true]) {
      const r = await measure(scenario, withMetrics);
      out.push({
        name: `${name}, ${withMetrics ? 'with Prometheus metrics' : 'no metrics'}`,
        value: `${fmt(r.processed)} processed`,
        detail: `${fmt(r.adds)} adds; ${OPS} adds per run, median of ${RUNS}, per CPU-second`,
      });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `work queue throughput, ${OPS} adds per run, median of ${RUNS} runs, per CPU-second, node ${process.version}`,
  );
  for (const m of await run()) console.log(`${m.name}: ${m.value} (${m.detail ?? ''})`);
}
