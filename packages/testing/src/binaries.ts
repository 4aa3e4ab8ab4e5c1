// Locates (and on first use builds) the control-plane binaries. The build script is the single
// source of truth for versions and the cache path.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const buildScript = fileURLToPath(new URL('../scripts/build-control-plane.sh', import.meta.url));

export const binaryNames = [
  'etcd',
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
  'kubectl',
  'kwok',
  'kwok-stages.yaml',
] as const;

export function binDir(): string {
  return execFileSync('bash', [buildScript, '--print-bin-dir'], { encoding: 'utf8' }).trim();
}

/** Builds whatever is missing (a no-op when the cache is complete) and returns the bin dir. */
export function ensureBinaries(): string {
  const dir = binDir();
  if (binaryNames.every((b) => existsSync(`${dir}/${b}`))) return dir;
  const res = spawnSync('bash', [buildScript], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) {
    throw new Error(`building the control plane binaries failed (exit ${res.status}); see the output above`);
  }
  return dir;
}
