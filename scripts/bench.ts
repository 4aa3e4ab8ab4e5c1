// `make bench [BENCH=name]`: runs the benchmarks and rewrites their sections of docs/benchmarks.md
// with the machine and the date. Each benchmark module exports `run(): Promise<Measurement[]>`.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

interface Bench {
  name: string;
  title: string;
  module: string;
  command: string;
}

const benches: Bench[] = [
  {
    name: 'control-plane-start',
    title: 'Local control plane start time',
    module: '../packages/testing/bench/start-time.ts',
    command: 'make bench BENCH=control-plane-start',
  },
  {
    name: 'client',
    title: 'Runtime client: request latency and throughput',
    module: '../packages/runtime/bench/client.bench.ts',
    command: 'make bench BENCH=client',
  },
  {
    name: 'cache-memory',
    title: 'Runtime cache: memory per 10,000 objects',
    module: '../packages/runtime/bench/cache-memory.ts',
    command: 'make bench BENCH=cache-memory',
  },
  {
    name: 'queue',
    title: 'Runtime work queue throughput',
    module: '../packages/runtime/bench/queue.bench.ts',
    command: 'make bench BENCH=queue',
  },
  {
    name: 'ensure',
    title: 'Runtime apply: `ensure` no-op cost',
    module: '../packages/runtime/bench/ensure.bench.ts',
    command: 'make bench BENCH=ensure',
  },
  {
    name: 'render',
    title: 'hermes-operator: rendering the desired objects of one instance',
    module: '../operators/hermes/bench/render.ts',
    command: 'make bench BENCH=render',
  },
  {
    name: 'hermes-scale',
    title: 'hermes-operator at scale on the kwok cluster (100 and 1,000 instances)',
    module: '../operators/hermes/bench/scale.ts',
    command: 'make bench BENCH=hermes-scale',
  },
];

const docPath = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} x ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${process.platform}/${process.arch}`;
}

function section(b: Bench, ms: Measurement[], loadAtStart: number): string {
  const rows = ms.map((m) => `| ${m.name} | ${m.value} | ${m.detail ?? ''} |`).join('\n');
  return `<!-- bench:${b.name} -->
### ${b.title}

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, load average ${loadAtStart.toFixed(1)} when it started. Rerun: \`${b.command}\`.

| measurement | value | detail |
|---|---|---|
${rows}
<!-- /bench:${b.name} -->`;
}

function replaceSection(doc: string, b: Bench, text: string): string {
  const re = new RegExp(`<!-- bench:${b.name} -->[\\s\\S]*?<!-- /bench:${b.name} -->`);
  return re.test(doc) ? doc.replace(re, text) : `${doc.trimEnd()}\n\n${text}\n`;
}

const only = process.env.BENCH;
const selected = benches.filter((b) => !only || b.name === only);
if (selected.length === 0) {
  console.error(`unknown BENCH=${only}; known: ${benches.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
for (const b of selected) {
  console.log(`==> ${b.title}`);
  const mod = (await import(b.module)) as { run: () => Promise<Measurement[]> };
  const load = loadavg()[0] ?? 0;
  const ms = await mod.run();
  for (const m of ms) console.log(`    ${m.name}: ${m.value}${m.detail ? ` (${m.detail})` : ''}`);
  writeFileSync(docPath, replaceSection(readFileSync(docPath, 'utf8'), b, section(b, ms, load)));
}
console.log(`updated ${docPath}`);
