// The 'cluster' tier adds kube-controller-manager, kube-scheduler and kwok: workloads get pods
// that become Ready (or Complete for Jobs), PVCs bind, garbage collection and namespace deletion work.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, kubectl as makeKubectl, kwokNodeNames, uniqueName } from '../../src/index.ts';

const kubectl = makeKubectl(inject('binDir'), inject('kubeconfigPath'));
const ns = uniqueName('cluster-tier');
// What the old local helper did: up to 60 s, every 250 ms.
const poll = { timeoutMs: 60_000, intervalMs: 250 };
const apply = (obj: unknown) => kubectl(['apply', '-n', ns, '-f', '-'], JSON.stringify(obj));
const getJson = async <T>(...args: string[]) =>
  JSON.parse(await kubectl(['get', ...args, '-n', ns, '-o', 'json'])) as T;

describe('cluster tier', () => {
  beforeAll(async () => {
    await kubectl(['create', 'namespace', ns]);
  });
  afterAll(async () => {
    await kubectl(['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  });

  it('registers Ready kwok nodes', async () => {
    const nodes = JSON.parse(await kubectl(['get', 'nodes', '-o', 'json'])) as {
      items: { metadata: { name: string }; status: { conditions: { type: string; status: string }[] } }[];
    };
    expect(nodes.items.map((n) => n.metadata.name).sort()).toEqual([...kwokNodeNames].sort());
    for (const n of nodes.items) {
      expect(n.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('True');
    }
  });

  it("renews the nodes' leases, so they stay Ready past the node monitor grace period", async () => {
    const renewTimes = async () => {
      const leases = JSON.parse(await kubectl(['get', 'leases', '-n', 'kube-node-lease', '-o', 'json'])) as {
        items: { metadata: { name: string }; spec: { renewTime?: string } }[];
      };
      return Object.fromEntries(leases.items.map((l) => [l.metadata.name, l.spec.renewTime ?? '']));
    };
    const before = await renewTimes();
    expect(Object.keys(before).sort()).toEqual([...kwokNodeNames].sort());
    await eventually(
      'every node lease to be renewed',
      async () => {
        const now = await renewTimes();
        return kwokNodeNames.every((n) => now[n] !== before[n]);
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
  });

  it("makes a StatefulSet's pod Ready", async () => {
    await apply({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'web' },
      spec: {
        serviceName: 'web',
        replicas: 1,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'registry.example/web:1' }] },
        },
      },
    });
    await kubectl(['wait', '-n', ns, '--for=condition=Ready', 'pod/web-0', '--timeout=90s']);
    await eventually(
      'the StatefulSet to report 1 ready replica',
      async () => {
        const sts = await getJson<{ status: { readyReplicas?: number } }>('statefulset', 'web');
        return sts.status.readyReplicas === 1;
      },
      poll,
    );
  });

  it('completes a Job', async () => {
    await apply({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'once' },
      spec: {
        backoffLimit: 0,
        template: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'run', image: 'registry.example/job:1' }] },
        },
      },
    });
    await kubectl(['wait', '-n', ns, '--for=condition=Complete', 'job/once', '--timeout=90s']);
  });

  it('binds a PersistentVolumeClaim', async () => {
    await apply({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    await eventually(
      'the PVC to bind',
      async () => {
        const pvc = await getJson<{ status: { phase?: string }; spec: { volumeName?: string } }>(
          'pvc',
          'data',
        );
        return pvc.status.phase === 'Bound' && Boolean(pvc.spec.volumeName);
      },
      poll,
    );
  });

  it('cascades deletion from an owner to its dependents', async () => {
    await apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner' }, data: {} });
    const owner = await getJson<{ metadata: { uid: string } }>('configmap', 'owner');
    await apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'dependent',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }],
      },
      data: {},
    });
    await kubectl(['delete', 'configmap', 'owner', '-n', ns]);
    await eventually(
      'the garbage collector to delete the dependent',
      async () => {
        const out = await kubectl([
          'get',
          'configmap',
          'dependent',
          '-n',
          ns,
          '--ignore-not-found',
          '-o',
          'name',
        ]);
        return out.trim() === '';
      },
      poll,
    );
  });

  it('deletes a namespace with its contents', async () => {
    const doomed = `${ns}-doomed`;
    await kubectl(['create', 'namespace', doomed]);
    await kubectl(['create', 'configmap', 'x', '-n', doomed]);
    await kubectl(['delete', 'namespace', doomed, '--timeout=90s']);
    const out = await kubectl(['get', 'namespace', doomed, '--ignore-not-found', '-o', 'name']);
    expect(out.trim()).toBe('');
  });
});
