// A real Kubernetes control plane as local processes: etcd + kube-apiserver ('api' tier), plus
// kube-controller-manager, kube-scheduler and kwok ('cluster' tier). See docs/local-control-plane.md.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBinaries } from './binaries.ts';
import { generateControlPlaneCerts } from './certs.ts';
import { adminRequest, plainRequest } from './http.ts';
import { renderKubeconfig } from './kubeconfig.ts';
import { freePort } from './ports.ts';
import { Component } from './process.ts';
import { bootstrapKwok } from './kwok.ts';
import type { AdminCredentials, ControlPlane, StartOptions } from './types.ts';

const readyTimeoutMs = 90_000;

export async function startControlPlane(opts: StartOptions): Promise<ControlPlane> {
  const bin = ensureBinaries();
  const ownsDir = opts.workDir === undefined;
  const dir = opts.workDir ?? mkdtempSync(join(tmpdir(), `agent-operators-${opts.tier}-`));
  mkdirSync(dir, { recursive: true });
  const components: Component[] = [];
  try {
    return await start(opts, bin, dir, ownsDir, components);
  } catch (err) {
    for (const c of components.reverse()) await c.stop(2_000);
    if (ownsDir) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function start(
  opts: StartOptions,
  bin: string,
  dir: string,
  ownsDir: boolean,
  components: Component[],
): Promise<ControlPlane> {
  const certs = await generateControlPlaneCerts();
  const pki = join(dir, 'pki');
  mkdirSync(pki, { recursive: true });
  const file = (name: string, content: string) => {
    const p = join(pki, name);
    writeFileSync(p, content, { mode: 0o600 });
    return p;
  };
  const caCrt = file('ca.crt', certs.ca.cert);
  const caKey = file('ca.key', certs.ca.key);
  const apiCrt = file('apiserver.crt', certs.apiServer.cert);
  const apiKey = file('apiserver.key', certs.apiServer.key);
  const saPub = file('sa.pub', certs.serviceAccount.publicKey);
  const saKey = file('sa.key', certs.serviceAccount.privateKey);
  const admin: AdminCredentials = {
    caCert: certs.ca.cert,
    clientCert: certs.admin.cert,
    clientKey: certs.admin.key,
  };

  const [etcdPort, etcdPeerPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  const etcdUrl = `http://127.0.0.1:${etcdPort}`;
  const server = `https://127.0.0.1:${apiPort}`;
  const kubeconfig = renderKubeconfig(server, admin);
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeFileSync(kubeconfigPath, kubeconfig, { mode: 0o600 });
  const log = (name: string) => join(dir, `${name}.log`);
  const component = (name: string, args: string[]) => {
    const c = new Component({
      name,
      binary: join(bin, name),
      args,
      logFile: log(name),
      verbose: opts.verbose,
    });
    components.push(c);
    return c;
  };

  const etcd = component('etcd', [
    `--data-dir=${join(dir, 'etcd')}`,
    `--listen-client-urls=${etcdUrl}`,
    `--advertise-client-urls=${etcdUrl}`,
    `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
    `--initial-cluster=default=http://127.0.0.1:${etcdPeerPort}`,
    '--unsafe-no-fsync',
    '--log-level=warn',
  ]);
  etcd.start();
  await etcd.waitReady(
    async () => (await plainRequest(`${etcdUrl}/health`)).body.includes('"true"'),
    readyTimeoutMs,
  );

  const apiServer = component('kube-apiserver', [
    `--etcd-servers=${etcdUrl}`,
    `--cert-dir=${join(dir, 'apiserver-certs')}`,
    `--tls-cert-file=${apiCrt}`,
    `--tls-private-key-file=${apiKey}`,
    `--secure-port=${apiPort}`,
    '--bind-address=127.0.0.1',
    '--advertise-address=127.0.0.1',
    // Room for thousands of Services (scale benchmarks); 10.0.0.1 stays the kubernetes Service.
    '--service-cluster-ip-range=10.0.0.0/16',
    '--allow-privileged=true',
    '--authorization-mode=Node,RBAC',
    `--client-ca-file=${caCrt}`,
    `--service-account-issuer=https://127.0.0.1:${apiPort}/`,
    `--service-account-key-file=${saPub}`,
    `--service-account-signing-key-file=${saKey}`,
    '--disable-admission-plugins=ServiceAccount',
    '--endpoint-reconciler-type=none',
    ...(opts.apiServerArgs ?? []),
  ]);
  const apiReady = async () => (await adminRequest(server, admin, 'GET', '/readyz')).status === 200;
  apiServer.start();
  await apiServer.waitReady(apiReady, readyTimeoutMs);

  if (opts.tier === 'cluster') {
    const cmPort = await freePort();
    component('kube-controller-manager', [
      `--kubeconfig=${kubeconfigPath}`,
      `--authentication-kubeconfig=${kubeconfigPath}`,
      `--authorization-kubeconfig=${kubeconfigPath}`,
      '--leader-elect=false',
      `--secure-port=${cmPort}`,
      '--bind-address=127.0.0.1',
      `--service-account-private-key-file=${saKey}`,
      `--root-ca-file=${caCrt}`,
      `--cluster-signing-cert-file=${caCrt}`,
      `--cluster-signing-key-file=${caKey}`,
      '--use-service-account-credentials=false',
      '--controllers=*,-bootstrapsigner,-tokencleaner',
      `--cert-dir=${join(dir, 'kcm-certs')}`,
    ]).start();
    const schedPort = await freePort();
    component('kube-scheduler', [
      `--kubeconfig=${kubeconfigPath}`,
      `--authentication-kubeconfig=${kubeconfigPath}`,
      `--authorization-kubeconfig=${kubeconfigPath}`,
      '--leader-elect=false',
      `--secure-port=${schedPort}`,
      '--bind-address=127.0.0.1',
      `--cert-dir=${join(dir, 'scheduler-certs')}`,
    ]).start();
    const kwokPort = await freePort();
    const kwok = component('kwok', [
      `--kubeconfig=${kubeconfigPath}`,
      `--config=${join(bin, 'kwok-stages.yaml')}`,
      '--manage-all-nodes=false',
      '--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake',
      '--cidr=10.244.0.0/16',
      '--node-ip=10.1.0.1',
      // Without node leases the node lifecycle controller marks kwok's nodes NotReady after ~50 s
      // and evicts their pods five minutes later.
      '--node-lease-duration-seconds=40',
      `--server-address=127.0.0.1:${kwokPort}`,
    ]);
    kwok.start();
    await bootstrapKwok(server, admin, kwok, readyTimeoutMs);
  }

  let stopped = false;
  return {
    tier: opts.tier,
    server,
    kubeconfigPath,
    kubeconfig,
    admin,
    etcdUrl,
    binDir: bin,
    async restartApiServer() {
      await apiServer.stop();
      apiServer.start();
      await apiServer.waitReady(apiReady, readyTimeoutMs);
    },
    async compact() {
      // etcd's JSON gateway: read the current revision, then compact at it.
      const range = await plainRequest(`${etcdUrl}/v3/kv/range`, 'POST', {
        key: Buffer.from('/').toString('base64'),
      });
      const revision = (JSON.parse(range.body) as { header: { revision: string } }).header.revision;
      const res = await plainRequest(`${etcdUrl}/v3/kv/compaction`, 'POST', { revision, physical: true });
      if (res.status !== 200) throw new Error(`etcd compaction failed: ${res.status} ${res.body}`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const c of [...components].reverse()) await c.stop();
      if (ownsDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
