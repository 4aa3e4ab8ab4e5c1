// Cluster-tier bootstrap: the kwok-volume StorageClass (default) and fake nodes that kwok manages.
import { setTimeout as sleep } from 'node:timers/promises';
import { adminRequest } from './http.ts';
import type { Component } from './process.ts';
import type { AdminCredentials } from './types.ts';

export const kwokNodeNames = ['kwok-node-0', 'kwok-node-1'];

export async function bootstrapKwok(
  server: string,
  admin: AdminCredentials,
  kwok: Component,
  timeoutMs: number,
): Promise<void> {
  const create = async (path: string, body: unknown) => {
    const res = await adminRequest(server, admin, 'POST', path, body);
    if (res.status !== 201 && res.status !== 409) throw new Error(`POST ${path}: ${res.status} ${res.body}`);
  };
  await create('/apis/storage.k8s.io/v1/storageclasses', {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'kwok-volume', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: 'kwok.x-k8s.io/volume',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'Immediate',
  });
  for (const name of kwokNodeNames) {
    await create('/api/v1/nodes', {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name,
        annotations: { 'kwok.x-k8s.io/node': 'fake', 'node.alpha.kubernetes.io/ttl': '0' },
        labels: {
          type: 'kwok',
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
        },
      },
    });
  }
  await kwok.waitReady(async () => {
    const res = await adminRequest(server, admin, 'GET', '/api/v1/nodes');
    const nodes = (
      JSON.parse(res.body) as { items: { status?: { conditions?: { type: string; status: string }[] } }[] }
    ).items;
    return (
      nodes.length >= kwokNodeNames.length &&
      nodes.every((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
    );
  }, timeoutMs);
  // The controller-manager's service-account controller creates `default` in each namespace;
  // workloads wait for it, so make sure it is running before handing the cluster over.
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await adminRequest(
      server,
      admin,
      'GET',
      '/api/v1/namespaces/default/serviceaccounts/default',
    );
    if (res.status === 200) return;
    await sleep(200);
  }
  throw new Error('kube-controller-manager did not create the default ServiceAccount in time');
}
