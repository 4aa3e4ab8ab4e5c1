// `make demo`: runs against the current kubeconfig when USE_CURRENT_CONTEXT=1, else starts a local
// kwok cluster, shows it working, and stops everything on Ctrl-C (or at once with DEMO_EXIT=1).
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  ensureBinaries,
  kubectl as makeKubectl,
  startControlPlane,
  type ControlPlane,
} from '@agent-operators/testing';

const useCurrent = process.env.USE_CURRENT_CONTEXT === '1';
const binDir = ensureBinaries();
let cp: ControlPlane | undefined;
let kubeconfigPath: string;
if (useCurrent) {
  kubeconfigPath = process.env.KUBECONFIG ?? join(homedir(), '.kube', 'config');
  console.log(`==> using the current context of ${kubeconfigPath}`);
} else {
  console.log(
    '==> starting a local cluster (etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok)',
  );
  const started = Date.now();
  cp = await startControlPlane({ tier: 'cluster' });
  kubeconfigPath = cp.kubeconfigPath;
  console.log(`    up in ${((Date.now() - started) / 1000).toFixed(1)} s; kubeconfig: ${kubeconfigPath}`);
}
const kubectl = makeKubectl(binDir, kubeconfigPath);

async function shutdown(code: number): Promise<never> {
  if (cp) {
    console.log('==> stopping the local cluster');
    await cp.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log('==> kubectl get nodes,pods -A');
  console.log(await kubectl(['get', 'nodes,pods', '-A', '-o', 'wide']));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await shutdown(1);
}

if (process.env.DEMO_EXIT === '1') await shutdown(0);
console.log(`==> running; in another shell: KUBECONFIG=${kubeconfigPath} ${binDir}/kubectl get agents -A`);
console.log('    press Ctrl-C to stop');
setInterval(() => undefined, 1 << 30);
