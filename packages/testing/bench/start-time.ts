// Start time of each control-plane tier: the median of several starts (ready to serve requests;
// for 'cluster', nodes Ready and the controller-manager running).
import { startControlPlane } from '../src/index.ts';
import type { Tier } from '../src/types.ts';

export interface Measurement {
  name: string;
  value: string;
  detail?: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

export async function run(runs = Number(process.env.BENCH_STARTS ?? 5)): Promise<Measurement[]> {
  const out: Measurement[] = [];
  for (const tier of ['api', 'cluster'] as Tier[]) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const cp = await startControlPlane({ tier });
      times.push(performance.now() - t0);
      await cp.stop();
    }
    out.push({
      name: `control plane start, '${tier}' tier (median of ${runs})`,
      value: `${(median(times) / 1000).toFixed(2)} s`,
      detail: `runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s`,
    });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const m of await run()) console.log(`${m.name}: ${m.value} (${m.detail ?? ''})`);
}
