// `make demo`: runs against the current kubeconfig when USE_CURRENT_CONTEXT=1, else starts a local
// kwok cluster; installs the hermes CRDs (and, on the local cluster, the admission webhooks, served
// by the operator on this host), runs hermes-operator as a child process, applies
// operators/hermes/examples/minimal.yaml, waits until it is Running and shows what it made.
// Ctrl-C stops everything (DEMO_EXIT=1 stops right after showing, for tests).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import {
  ensureBinaries,
  freePort,
  kubectl as makeKubectl,
  startControlPlane,
  type ControlPlane,
} from '@agent-operators/testing';
import { hermesCrds } from '../operators/hermes/src/api/v1/crds.ts';
import { hermesWebhookConfigurations } from '../operators/hermes/src/webhooks/index.ts';

const ROOT = join(import.meta.dirname, '..');
const MAIN = join(ROOT, 'operators', 'hermes', 'src', 'cli', 'main.ts');
const EXAMPLE = join(ROOT, 'operators', 'hermes', 'examples', 'minimal.yaml');
const NAMESPACE = process.env.DEMO_NAMESPACE ?? 'hermes-demo';
const OPERATOR_NAMESPACE = 'hermes-system';
const WEBHOOK_NAME = 'hermes-operator-demo';
const FIELD_MANAGER = 'hermes-demo';

const useCurrent = process.env.USE_CURRENT_CONTEXT === '1';
// The API server must reach https://127.0.0.1:<port> on this host: true for the local cluster only.
const withWebhooks = !useCurrent || process.env.DEMO_WEBHOOKS === '1';
const binDir = ensureBinaries();
let cp: ControlPlane | undefined;
let operator: ChildProcess | undefined;
let client: HttpKubeClient | undefined;
let kubeconfigPath = '';

async function until<T>(what: string, timeoutMs: number, fn: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => undefined);
  stopping = true;
  if (operator && operator.exitCode === null) {
    console.log('==> stopping hermes-operator');
    const exited = new Promise((r) => operator!.once('exit', r));
    operator.kill('SIGTERM');
    const timer = setTimeout(() => operator?.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (client && withWebhooks) {
    // The webhooks point at this host; without the operator they would refuse every instance.
    for (const cfg of hermesWebhookConfigurations({
      name: WEBHOOK_NAME,
      endpoint: { url: 'https://127.0.0.1' },
    })) {
      await client
        .delete({ apiVersion: cfg.apiVersion, kind: cfg.kind, name: cfg.metadata.name! })
        .catch(() => {});
    }
  }
  client?.close();
  if (cp) {
    console.log('==> stopping the local cluster');
    await cp.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function installCrds(c: HttpKubeClient): Promise<void> {
  for (const crd of hermesCrds()) {
    await c.apply(crd as unknown as KubeObject, { fieldManager: FIELD_MANAGER, force: true });
  }
  for (const crd of hermesCrds()) {
    await until(`CRD ${crd.metadata.name}`, 60_000, async () => {
      const live = await c.get<KubeObject & { status?: { conditions?: { type: string; status: string }[] } }>(
        {
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          name: crd.metadata.name,
        },
      );
      return live.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True')
        ? true
        : undefined;
    });
    // A new CRD's watch cache answers 429 for a moment; the operator should start on a working watch.
    const kind = { apiVersion: `${crd.spec.group}/${crd.spec.versions[0]!.name}`, kind: crd.spec.names.kind };
    await until(`a watch on ${crd.spec.names.kind}`, 60_000, async () => {
      const { resourceVersion } = await c.listAll(kind, { limit: 1 });
      for await (const _ of c.watch(kind, { resourceVersion, timeoutSeconds: 1 })) break;
      return true;
    });
  }
  c.invalidateDiscovery();
}

async function ensureNamespace(c: HttpKubeClient, name: string): Promise<void> {
  await c.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, { fieldManager: FIELD_MANAGER });
}

try {
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
  client = await createKubeClient({ kubeconfigPath });

  console.log('==> installing the hermes.agent/v1 CRDs');
  await installCrds(client);
  await ensureNamespace(client, OPERATOR_NAMESPACE);
  await ensureNamespace(client, NAMESPACE);

  const healthPort = await freePort();
  const metricsPort = await freePort();
  const webhookPort = await freePort();
  const args = [
    '--disable-warning=ExperimentalWarning',
    MAIN,
    'run',
    `--kubeconfig=${kubeconfigPath}`,
    '--leader-elect=false',
    `--operator-namespace=${OPERATOR_NAMESPACE}`,
    `--health-probe-bind-address=127.0.0.1:${healthPort}`,
    `--metrics-bind-address=127.0.0.1:${metricsPort}`,
    '--metrics-secure=false',
  ];
  if (withWebhooks) {
    console.log(`==> registering the admission webhooks (https://127.0.0.1:${webhookPort})`);
    for (const cfg of hermesWebhookConfigurations({
      name: WEBHOOK_NAME,
      endpoint: { url: `https://127.0.0.1:${webhookPort}` },
    })) {
      await client.apply(cfg, { fieldManager: FIELD_MANAGER, force: true });
    }
    args.push(
      `--webhook-port=${webhookPort}`,
      '--webhook-host=127.0.0.1',
      `--webhook-configuration-name=${WEBHOOK_NAME}`,
    );
  } else {
    args.push('--enable-webhooks=false');
  }

  const logFile = join(mkdtempSync(join(tmpdir(), 'hermes-demo-')), 'operator.log');
  console.log(`==> starting hermes-operator (logs: ${logFile})`);
  const { createWriteStream } = await import('node:fs');
  const log = createWriteStream(logFile);
  operator = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  operator.stdout?.pipe(log);
  operator.stderr?.pipe(log);
  operator.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`hermes-operator exited unexpectedly (${code ?? signal}); see ${logFile}`);
      void shutdown(1);
    }
  });
  await until('the operator to be ready', 120_000, async () =>
    (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status === 200 ? true : undefined,
  );

  console.log(`==> applying operators/hermes/examples/minimal.yaml in namespace ${NAMESPACE}`);
  // minimal.yaml reads its LLM key from this Secret; the demo makes a placeholder one.
  await client.apply(
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'hermes-llm-keys', namespace: NAMESPACE },
      stringData: { OPENROUTER_API_KEY: 'sk-or-demo-placeholder' },
    },
    { fieldManager: FIELD_MANAGER },
  );
  const instance = parse(readFileSync(EXAMPLE, 'utf8')) as KubeObject;
  instance.metadata.namespace = NAMESPACE;
  await client.apply(instance, { fieldManager: FIELD_MANAGER });
  const started = Date.now();
  await until(`${instance.metadata.name} to be Running`, 180_000, async () => {
    const live = await client!.get<KubeObject & { status?: { phase?: string } }>({
      apiVersion: instance.apiVersion,
      kind: instance.kind,
      namespace: NAMESPACE,
      name: instance.metadata.name!,
    });
    return live.status?.phase === 'Running' ? true : undefined;
  });
  console.log(`    Running after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  console.log(`==> kubectl get agents -n ${NAMESPACE}`);
  console.log(await kubectl(['get', 'agents', '-n', NAMESPACE]));
  console.log(
    `==> kubectl get all,cm,secret,pvc,networkpolicy -l app.kubernetes.io/managed-by=hermes-operator -n ${NAMESPACE}`,
  );
  console.log(
    await kubectl([
      'get',
      'all,cm,secret,pvc,networkpolicy',
      '-l',
      'app.kubernetes.io/managed-by=hermes-operator',
      '-n',
      NAMESPACE,
    ]),
  );
  console.log(`==> kubectl get events -n ${NAMESPACE} --field-selector involvedObject.kind=HermesInstance`);
  console.log(
    await kubectl([
      'get',
      'events',
      '-n',
      NAMESPACE,
      '--field-selector',
      'involvedObject.kind=HermesInstance',
    ]),
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await shutdown(1);
}

if (process.env.DEMO_EXIT === '1') await shutdown(0);
console.log(`==> running; in another shell: KUBECONFIG=${kubeconfigPath} ${binDir}/kubectl get agents -A`);
console.log('    press Ctrl-C to stop');
setInterval(() => undefined, 1 << 30);
