// The generated hermes.agent/v1 CRDs in a real API server: they install and become Established,
// every example is accepted, and broken objects are rejected with a message naming the field or
// rule (schema validation, list-map keys, CEL rules including the status-aware transition rules).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { kubectl } from '@agent-operators/testing';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import { hermesCrds } from '../../src/api/v1/crds.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const MANAGER = 'hermes-crd-test';
const example = (file: string) => parse(readFileSync(join(EXAMPLES, file), 'utf8')) as KubeObject;

let client: HttpKubeClient;
let ns: string;

interface Crd extends KubeObject {
  status?: { conditions?: { type: string; status: string }[] };
}

async function waitEstablished(name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const crd = await client.get<Crd>({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      name,
    });
    if (crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')) return;
    if (Date.now() > deadline) throw new Error(`CRD ${name} not Established: ${JSON.stringify(crd.status)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates `obj` and returns the API server's rejection message (fails when it is accepted). */
async function rejection(obj: KubeObject, op: 'create' | 'update' = 'create'): Promise<string> {
  try {
    if (op === 'create') await client.create(obj);
    // reconcile-guard:allow a full update is what the transition rules must be tested against
    else await client.update(obj);
  } catch (err) {
    if (process.env.SHOW_REJECTIONS) console.log((err as Error).message);
    return (err as Error).message;
  }
  throw new Error(`expected ${obj.kind} ${obj.metadata.name} to be rejected`);
}

function instance(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'hermes.agent/v1', kind: 'HermesInstance', metadata: { name, namespace: ns }, spec };
}

beforeAll(async () => {
  client = await createKubeClient({ kubeconfigPath: inject('kubeconfigPath') });
  for (const crd of hermesCrds()) {
    await client.apply(crd as unknown as KubeObject, { fieldManager: MANAGER, force: true });
    await waitEstablished(crd.metadata.name);
  }
  client.invalidateDiscovery();
  ns = `hermes-crds-${randomBytes(4).toString('hex')}`;
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
});

afterAll(async () => {
  // The CRDs stay: other test files of this run may use them. The namespace is best effort.
  await client?.delete({ apiVersion: 'v1', kind: 'Namespace', name: ns }).catch(() => undefined);
  await client
    ?.delete({ apiVersion: 'hermes.agent/v1', kind: 'HermesClusterDefaults', name: 'cluster' })
    .catch(() => undefined);
});

describe('hermes.agent/v1 CRDs in the API server', () => {
  it('accepts every example and applies the schema defaults', async () => {
    for (const file of ['minimal.yaml', 'maximal.yaml', 'selfconfig.yaml']) {
      const obj = example(file);
      obj.metadata.namespace = ns;
      await client.create(obj);
    }
    await client.apply(example('cluster-defaults.yaml'), { fieldManager: MANAGER, force: true });
    const minimal = await client.get<KubeObject & { spec: Record<string, unknown> }>({
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesInstance',
      name: 'my-hermes',
      namespace: ns,
    });
    expect(minimal.spec.storage).toEqual({ enabled: true, accessModes: ['ReadWriteOnce'] });
    expect(minimal.spec.suspended).toBe(false);
    expect(minimal.spec.config).toMatchObject({ mergeMode: 'merge' });
    // Fields HermesClusterDefaults fills are left unset by the schema.
    expect(minimal.spec.image).toBeUndefined();
  });

  it('rejects invalid values with the field named', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { config: { raw: { a: 1 }, configMapRef: { name: 'c' } } },
        /exactly one of config\.raw or config\.configMapRef/,
      ],
      [{ config: { mergeMode: 'merge' } }, /exactly one of config\.raw or config\.configMapRef/],
      [
        { selfConfigure: { enabled: true } },
        /spec\.selfConfigure\.protectedKeys.*non-empty selfConfigure\.protectedKeys/,
      ],
      [
        { gateways: { telegram: { enabled: true, mode: 'push' } } },
        /spec\.gateways\.telegram\.mode: Unsupported value: "push"/,
      ],
      [
        { gateways: { telegram: { enabled: true } } },
        /spec\.gateways\.telegram\.botTokenSecretRef: Required value/,
      ],
      [{ storage: { size: 'ten gigs' } }, /spec\.storage\.size/],
      [
        {
          env: [
            { name: 'A', value: '1' },
            { name: 'A', value: '2' },
          ],
        },
        /spec\.env\[1\]: Duplicate value/,
      ],
      [{ sidecars: [{ name: 'hermes', image: 'x' }] }, /spec\.sidecars: .*reserved by the operator/],
      [
        { restoreFrom: 'prod/x.tar.zst' },
        /spec\.restoreFrom: Required value: restoreFrom needs spec\.backup\.s3/,
      ],
      [
        { gateways: { whatsapp: { enabled: true } }, storage: { enabled: false } },
        /gateways\.whatsapp needs storage\.enabled/,
      ],
      [
        { availability: { hpa: { enabled: true, minReplicas: 3, maxReplicas: 2 } } },
        /spec\.availability\.hpa\.maxReplicas/,
      ],
      [
        { workspace: { files: [{ path: '../etc/passwd', content: 'x' }] } },
        /spec\.workspace\.files\[0\]: .*\.\. segments/,
      ],
      [
        { networking: { dashboard: { enabled: true } } },
        /spec\.networking\.dashboard\.basicAuthSecretRef: Required value/,
      ],
    ];
    for (const [i, [spec, message]] of cases.entries()) {
      expect(await rejection(instance(`bad-${i}`, spec)), JSON.stringify(spec)).toMatch(message);
    }
    const longName = instance('x'.repeat(53), {});
    expect(await rejection(longName)).toMatch(/metadata\.name/);
  });

  it('keeps storage class and access modes immutable', async () => {
    const created = await client.create(instance('immutable', { storage: { storageClassName: 'gp3' } }));
    const changed = { ...created, spec: { storage: { storageClassName: 'gp2' } } };
    expect(await rejection(changed, 'update')).toMatch(
      /spec\.storage\.storageClassName: Invalid value: .*immutable/,
    );
    const removed = { ...created, spec: { storage: {} } };
    expect(await rejection(removed, 'update')).toMatch(/storageClassName cannot be added or removed/);
    const modes = {
      ...created,
      spec: { storage: { storageClassName: 'gp3', accessModes: ['ReadWriteOncePod'] } },
    };
    expect(await rejection(modes, 'update')).toMatch(/storage\.accessModes is immutable/);
  });

  it('locks restoreFrom and the migration once the status records them', async () => {
    const spec = {
      backup: { s3: { bucket: 'bkt', credentialsSecretRef: { name: 's3' } } },
      restoreFrom: 'prod/a.tar.zst',
      migration: { fromOpenClaw: { source: { openclawInstanceRef: { name: 'oc' } } } },
    };
    const created = await client.create(instance('locked', spec));
    // Before the restore is recorded the field may still change.
    const moved = await client.update({ ...created, spec: { ...spec, restoreFrom: 'prod/b.tar.zst' } }); // reconcile-guard:allow test of the transition rule
    const withStatus = await client.update(
      { ...moved, status: { restoredFrom: 'prod/b.tar.zst', migrationCompleted: true } },
      { subresource: 'status' },
    ); // reconcile-guard:allow the /status write a controller would make
    const again = { ...withStatus, spec: { ...spec, restoreFrom: 'prod/c.tar.zst' } };
    expect(await rejection(again, 'update')).toMatch(
      /spec\.restoreFrom is locked once status\.restoredFrom is set/,
    );
    const dropped = { ...withStatus, spec: { backup: spec.backup, migration: spec.migration } };
    expect(await rejection(dropped, 'update')).toMatch(/spec\.restoreFrom is locked/);
    const otherSource = {
      ...withStatus,
      spec: {
        ...spec,
        restoreFrom: 'prod/b.tar.zst',
        migration: { fromOpenClaw: { source: { openclawInstanceRef: { name: 'x' } } } },
      },
    };
    expect(await rejection(otherSource, 'update')).toMatch(/spec\.migration\.fromOpenClaw is locked/);
  });

  it('teaches the API through kubectl explain and lists every kind under the agents category', async () => {
    const run = kubectl(inject('binDir'), inject('kubeconfigPath'));
    // The OpenAPI document for new CRDs is published asynchronously.
    const deadline = Date.now() + 30_000;
    let explained = '';
    while (!explained.includes('Immutable')) {
      explained = await run(['explain', 'hermesinstances.spec.storage.accessModes']).catch(() => '');
      if (Date.now() > deadline)
        throw new Error(`kubectl explain never showed the description: ${explained}`);
      if (!explained.includes('Immutable')) await new Promise((r) => setTimeout(r, 500));
    }
    expect(explained).toMatch(/Access modes of the claim\. Immutable\./);
    const agents = await run(['get', 'agents', '-A', '-o', 'name']);
    expect(agents).toMatch(/hermesinstance\.hermes\.agent\/my-hermes/);
    expect(agents).toMatch(/hermesselfconfig\.hermes\.agent\/install-finance-skill/);
    expect(agents).toMatch(/hermesclusterdefaults\.hermes\.agent\/cluster/);
    const wide = await run(['get', 'hi', '-n', ns, 'my-hermes']);
    expect(wide.split('\n')[0]).toMatch(/NAME\s+PHASE\s+READY\s+VERSION\s+AGE/);
  });

  it('enforces the cluster defaults singleton name and self-config rules', async () => {
    const hcd = { ...example('cluster-defaults.yaml'), metadata: { name: 'other' } };
    expect(await rejection(hcd)).toMatch(/HermesClusterDefaults must be named 'cluster'/);
    const empty: KubeObject = {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesSelfConfig',
      metadata: { name: 'empty', namespace: ns },
      spec: { instanceRef: 'my-hermes' },
    };
    expect(await rejection(empty)).toMatch(/request at least one change/);
    const sc = await client.get({
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesSelfConfig',
      name: 'install-finance-skill',
      namespace: ns,
    });
    const edited = { ...sc, spec: { ...(sc.spec as object), instanceRef: 'other' } };
    expect(await rejection(edited, 'update')).toMatch(/spec is immutable; create a new HermesSelfConfig/);
  });
});
