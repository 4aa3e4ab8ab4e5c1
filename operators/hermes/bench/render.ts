// Time to build the whole desired set of one maximal instance (buildAll: every child, including
// rendering config.yaml and hashing the config), per operation in microseconds: the median of
// batches, after 2,000 calls (the JIT still warming, as in an operator that builds now and then)
// and in the steady state (after 40,000 more). Also the minimal instance, and render's YAML
// serialisation for scale. Main-thread CPU time is less disturbed by other work on the machine
// than wall time, and leaves out the JIT compiling in the background.
// Run: node operators/hermes/bench/render.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { applyDefaults } from '../src/api/v1/defaults.ts';
import { toYaml } from '../src/cli/render.ts';
import { RENDER_CONTEXT, buildAll } from '../src/resources/index.ts';
import type { InstanceObject } from '../src/resources/index.ts';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

const EXAMPLES = join(import.meta.dirname, '..', 'examples');

function stored(file: string): InstanceObject {
  const obj = applyDefaults(
    'HermesInstance',
    parse(readFileSync(join(EXAMPLES, file), 'utf8')),
  ) as unknown as InstanceObject;
  obj.metadata = { ...obj.metadata, namespace: 'agents', uid: '3f1c2a9e-0000-4000-8000-000000000001' };
  return obj;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/**
 * µs per call over `batches` batches of `perBatch` calls, after `warmup` calls: the median and
 * p90 of the batches' wall time, and the main thread's CPU time over all batches (its clock
 * ticks too coarsely to time one batch).
 */
function measure(
  fn: () => unknown,
  batches = 30,
  perBatch = 200,
  warmup = 2000,
): { median: number; p90: number; cpu: number } {
  for (let i = 0; i < warmup; i++) fn();
  const perOp: number[] = [];
  const c0 = process.threadCpuUsage();
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < perBatch; i++) fn();
    perOp.push(((performance.now() - t0) * 1000) / perBatch);
  }
  const c = process.threadCpuUsage(c0);
  const sorted = [...perOp].sort((a, b) => a - b);
  return {
    median: median(perOp),
    p90: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
    cpu: (c.user + c.system) / (batches * perBatch),
  };
}

export async function run(): Promise<Measurement[]> {
  const maximal = stored('maximal.yaml');
  const minimal = stored('minimal.yaml');
  const objects = buildAll(maximal, undefined, RENDER_CONTEXT);
  const max = measure(() => buildAll(maximal, undefined, RENDER_CONTEXT));
  const min = measure(() => buildAll(minimal, undefined, RENDER_CONTEXT));
  const maxSteady = measure(() => buildAll(maximal, undefined, RENDER_CONTEXT), 30, 200, 40_000);
  const minSteady = measure(() => buildAll(minimal, undefined, RENDER_CONTEXT), 30, 200, 40_000);
  const yaml = measure(() => toYaml(objects), 10, 20, 50);
  const fmt = (us: number) => `${us.toFixed(1)} µs`;
  const minCount = buildAll(minimal, undefined, RENDER_CONTEXT).length;
  return Promise.resolve([
    {
      name: 'buildAll, maximal instance (per operation)',
      value: fmt(max.median),
      detail: `${objects.length} objects; after 2,000 calls; median of 30 batches x 200, p90 ${fmt(max.p90)}, main-thread CPU ${fmt(max.cpu)}`,
    },
    {
      name: 'buildAll, minimal instance (per operation)',
      value: fmt(min.median),
      detail: `${minCount} objects; after 2,000 calls; p90 ${fmt(min.p90)}, main-thread CPU ${fmt(min.cpu)}`,
    },
    {
      name: 'buildAll, maximal instance, steady state (per operation)',
      value: fmt(maxSteady.median),
      detail: `after 40,000 more calls; p90 ${fmt(maxSteady.p90)}, main-thread CPU ${fmt(maxSteady.cpu)}`,
    },
    {
      name: 'buildAll, minimal instance, steady state (per operation)',
      value: fmt(minSteady.median),
      detail: `after 40,000 more calls; p90 ${fmt(minSteady.p90)}, main-thread CPU ${fmt(minSteady.cpu)}`,
    },
    {
      name: 'render YAML of the maximal set (per operation)',
      value: fmt(yaml.median),
      detail: `${toYaml(objects).length} characters; p90 ${fmt(yaml.p90)}`,
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const m of await run()) console.log(`${m.name}: ${m.value} (${m.detail ?? ''})`);
}
