// The builders against a real API server. Every object rendered from the examples passes a
// server-side dry-run create; created for real and read back, every object contains each field
// the builder set with the same value, and the runtime's merge sees nothing to write (the
// zero-diff property that makes a steady-state reconcile send no request).
// The API server has no monitoring.coreos.com kinds: minimal ServiceMonitor and PrometheusRule
// CRDs (preserve-unknown-fields schemas) are installed first so the dry-run can run.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { isAlreadyExists } from '@agent-operators/runtime/client';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import { mergeObject, quantityEqual } from '@agent-operators/runtime/apply';
import { hermesCrds } from '../../src/api/v1/crds.ts';
import { buildAll, generateCreationSecrets } from '../../src/resources/index.ts';
import type { InstanceObject } from '../../src/resources/index.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const MANAGER = 'hermes-render-dry-run-test';
const QUANTITY_KEYS = new Set(['limits', 'requests', 'capacity', 'hard', 'sizeLimit']);

let client: HttpKubeClient;
let ns: string;

function crd(kind: string, plural: string): KubeObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.monitoring.coreos.com` },
    spec: {
      group: 'monitoring.coreos.com',
      scope: 'Namespaced',
      names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List` },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        },
      ],
    },
  };
}

async function waitEstablished(name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const got = await client.get<
      KubeObject & { status?: { conditions?: { type: string; status: string }[] } }
    >({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      name,
    });
    if (got.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')) return;
    if (Date.now() > deadline) throw new Error(`CRD ${name} not Established`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The instance as the API server stores it (schema defaults applied, uid assigned). */
async function storedInstance(file: string): Promise<InstanceObject> {
  const doc = parse(readFileSync(join(EXAMPLES, file), 'utf8')) as KubeObject;
  doc.metadata.namespace = ns;
  await client.create(doc);
  return client.get<KubeObject & InstanceObject>({
    apiVersion: 'hermes.agent/v1',
    kind: 'HermesInstance',
    name: doc.metadata.name!,
    namespace: ns,
  });
}

const isZero = (v: unknown) =>
  v === '' ||
  v === 0 ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/**
 * Paths where `live` lacks or differs from what `desired` sets. A zero value (false, 0, "", {},
 * []) may be absent from `live` (the server omits them when it serialises); quantities compare
 * by value.
 */
function notContained(desired: unknown, live: unknown, path = '', key = ''): string[] {
  if (live === undefined && isZero(desired)) return [];
  if (
    QUANTITY_KEYS.has(key) &&
    typeof desired === 'object' &&
    desired !== null &&
    typeof live === 'object' &&
    live
  ) {
    return Object.entries(desired as Record<string, unknown>).flatMap(([k, v]) => {
      const lv = (live as Record<string, unknown>)[k];
      return typeof lv === 'string' && quantityEqual(String(v), lv)
        ? []
        : [`${path}.${k}: ${String(v)} != ${String(lv)}`];
    });
  }
  if (Array.isArray(desired)) {
    if (!Array.isArray(live) || live.length !== desired.length) {
      return [`${path}: ${JSON.stringify(desired)} != ${JSON.stringify(live)}`];
    }
    return desired.flatMap((d, i) => notContained(d, live[i], `${path}[${i}]`, key));
  }
  if (typeof desired === 'object' && desired !== null) {
    if (typeof live !== 'object' || live === null)
      return [`${path}: ${JSON.stringify(desired)} != ${JSON.stringify(live)}`];
    return Object.entries(desired).flatMap(([k, v]) =>
      notContained(v, (live as Record<string, unknown>)[k], `${path}.${k}`, k),
    );
  }
  return desired === live ? [] : [`${path}: ${JSON.stringify(desired)} != ${JSON.stringify(live)}`];
}

const describeObject = (o: KubeObject) => `${o.kind}/${o.metadata.name}`;

beforeAll(async () => {
  client = await createKubeClient({ kubeconfigPath: inject('kubeconfigPath') });
  for (const c of hermesCrds()) {
    await client.apply(c as unknown as KubeObject, { fieldManager: MANAGER, force: true });
    await waitEstablished(c.metadata.name);
  }
  for (const c of [crd('ServiceMonitor', 'servicemonitors'), crd('PrometheusRule', 'prometheusrules')]) {
    await client.create(c).catch((err: unknown) => {
      if (!isAlreadyExists(err)) throw err;
    });
    await waitEstablished(c.metadata.name!);
  }
  client.invalidateDiscovery();
  ns = `hermes-render-${randomBytes(4).toString('hex')}`;
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
});

afterAll(async () => {
  await client?.delete({ apiVersion: 'v1', kind: 'Namespace', name: ns }).catch(() => undefined);
});

describe('rendered objects on a real API server', () => {
  let maximal: KubeObject[];
  let minimal: KubeObject[];

  beforeAll(async () => {
    const context = { ...generateCreationSecrets(), operatorNamespace: 'hermes-system' };
    maximal = buildAll(await storedInstance('maximal.yaml'), undefined, context);
    minimal = buildAll(await storedInstance('minimal.yaml'), undefined, context);
  });

  it('passes a server-side dry-run create for every object of the maximal example', async () => {
    expect(maximal.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const obj of maximal) {
      await client.create(obj, { dryRun: true, fieldManager: MANAGER }).catch((err: unknown) => {
        failures.push(`${describeObject(obj)}: ${(err as Error).message}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it('reads back every created object with each field the builder set (zero diff for ensure)', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const obj of [...maximal, ...minimal]) {
      await client.create(obj, { fieldManager: MANAGER });
      const live = await client.get({
        apiVersion: obj.apiVersion,
        kind: obj.kind,
        name: obj.metadata.name!,
        namespace: obj.metadata.namespace!,
      });
      for (const p of notContained(obj, live)) problems.push(`${describeObject(obj)} ${p}`);
      if (mergeObject(live, obj).changed)
        problems.push(`${describeObject(obj)}: the runtime merge would write`);
      checked++;
      if (obj.kind === 'StatefulSet' && obj.metadata.name === 'hermes-max') {
        // The check itself notices a difference (a value the server does not hold).
        const off = structuredClone(obj) as KubeObject & {
          spec: { template: { spec: Record<string, unknown> } };
        };
        off.spec.template.spec['terminationGracePeriodSeconds'] = 91;
        expect(notContained(off, live)).toEqual([
          '.spec.template.spec.terminationGracePeriodSeconds: 91 != 90',
        ]);
        expect(mergeObject(live, off).changed).toBe(true);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(maximal.length + minimal.length);
    // The kinds the zero-diff property matters most for were among them.
    const kinds = new Set(maximal.map((o) => o.kind));
    for (const kind of ['StatefulSet', 'Service', 'ConfigMap', 'Deployment']) expect(kinds).toContain(kind);
  });
});
