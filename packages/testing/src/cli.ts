// `make cluster-up` / `make cluster-down`: a long-lived 'cluster' tier for people.
// `up` starts a detached daemon that runs the control plane until `down` signals it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ensureBinaries } from './binaries.ts';
import { startControlPlane } from './control-plane.ts';

const stateDir = join(
  process.env.AGENT_OPERATORS_CACHE ?? join(homedir(), '.cache', 'agent-operators'),
  'cluster',
);
const pidFile = join(stateDir, 'daemon.pid');
const readyFile = join(stateDir, 'ready');
const errorFile = join(stateDir, 'error');
const logFile = join(stateDir, 'daemon.log');
const kubeconfigOut = join(stateDir, 'kubeconfig');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runningPid(): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  return Number.isInteger(pid) && alive(pid) ? pid : undefined;
}

async function up(): Promise<void> {
  const existing = runningPid();
  if (existing === undefined) {
    const binDir = ensureBinaries(); // build in the foreground so progress is visible
    rmSync(stateDir, { recursive: true, force: true });
    mkdirSync(stateDir, { recursive: true });
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve'], {
      detached: true,
      stdio: ['ignore', out, out],
    });
    child.unref();
    writeFileSync(pidFile, String(child.pid));
    const deadline = Date.now() + 180_000;
    while (!existsSync(readyFile)) {
      if (existsSync(errorFile)) throw new Error(readFileSync(errorFile, 'utf8'));
      if (!alive(child.pid ?? -1)) throw new Error(`the cluster daemon exited; see ${logFile}`);
      if (Date.now() > deadline) throw new Error(`the cluster did not come up in time; see ${logFile}`);
      await sleep(250);
    }
    printUsage(binDir);
  } else {
    console.log(`cluster already running (pid ${existing})`);
    printUsage(readFileSync(readyFile, 'utf8').trim());
  }
}

function printUsage(binDir: string): void {
  console.log(`cluster is up. Use it with:
  export KUBECONFIG=${kubeconfigOut}
  export PATH=${binDir}:$PATH
  kubectl get nodes
Stop it with: make cluster-down`);
}

async function serve(): Promise<void> {
  try {
    const cp = await startControlPlane({ tier: 'cluster', workDir: join(stateDir, 'data') });
    writeFileSync(kubeconfigOut, cp.kubeconfig, { mode: 0o600 });
    writeFileSync(readyFile, cp.binDir);
    const shutdown = () => {
      void cp.stop().then(() => process.exit(0));
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
    setInterval(() => undefined, 1 << 30); // keep the daemon alive
  } catch (err) {
    writeFileSync(errorFile, String(err instanceof Error ? err.message : err));
    process.exit(1);
  }
}

async function down(): Promise<void> {
  const pid = runningPid();
  if (pid === undefined) {
    console.log('no cluster running');
    return;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (alive(pid) && Date.now() < deadline) await sleep(200);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(stateDir, { recursive: true, force: true });
  console.log('cluster stopped');
}

const cmd = process.argv[2];
const commands: Record<string, () => Promise<void>> = { up, down, serve };
const fn = cmd ? commands[cmd] : undefined;
if (!fn) {
  console.error('usage: cli.ts up|down');
  process.exit(2);
}
fn().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
