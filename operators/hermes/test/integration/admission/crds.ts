// The hermes CRDs for the admission tests: the shipped YAML (config/crd) installed idempotently
// by server-side apply and never deleted (other test files share them), and a private copy under
// a unique group with the CEL rules and name constraints stripped, so the webhook's own answer is
// what the API server returns for rules the CRD also enforces. The copy serves a second version
// (v2, same schema) and converts through the hermes conversion webhook.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import type { CustomResourceDefinition, JSONSchemaProps } from '@agent-operators/runtime/crd';
import { withConversion } from '../../../src/webhooks/webhook-configurations.ts';
import { eventually } from '@agent-operators/testing';

const CRD_DIR = join(import.meta.dirname, '..', '..', '..', 'config', 'crd');
const CRD_API = 'apiextensions.k8s.io/v1';

/** The CRDs as shipped in config/crd. */
export function shippedCrds(): CustomResourceDefinition[] {
  return readdirSync(CRD_DIR)
    .filter((f) => f.startsWith('hermes.agent_') && f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(readFileSync(join(CRD_DIR, f), 'utf8')).map((d) => d.toJS() as unknown))
    .filter(
      (d): d is CustomResourceDefinition => (d as KubeObject | null)?.kind === 'CustomResourceDefinition',
    );
}

interface Crd extends KubeObject {
  status?: { conditions?: { type: string; status: string }[] };
}

export async function waitEstablished(client: HttpKubeClient, name: string): Promise<void> {
  await eventually(
    `CRD ${name} to be Established`,
    async () => {
      const crd = await client.get<Crd>({ apiVersion: CRD_API, kind: 'CustomResourceDefinition', name });
      return crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')
        ? true
        : undefined;
    },
    { timeoutMs: 30_000 },
  );
}

/** Server-side applies the shipped CRDs (a no-op when another test file already did). */
export async function installShippedCrds(client: HttpKubeClient, fieldManager: string): Promise<void> {
  for (const crd of shippedCrds()) {
    await client.apply(crd as unknown as KubeObject, { fieldManager, force: true });
    await waitEstablished(client, crd.metadata.name);
  }
  client.invalidateDiscovery();
}

function stripValidations(schema: JSONSchemaProps): JSONSchemaProps {
  const out: JSONSchemaProps = { ...schema };
  delete out['x-kubernetes-validations'];
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, v]) => [k, stripValidations(v)]),
    );
  }
  if (out.items) out.items = stripValidations(out.items);
  if (typeof out.additionalProperties === 'object')
    out.additionalProperties = stripValidations(out.additionalProperties);
  if (out.anyOf) out.anyOf = out.anyOf.map(stripValidations);
  return out;
}

/** The shipped CRDs moved to `group`, without CEL or name rules, with v2 and webhook conversion. */
export function copyCrds(group: string, convertUrl: string): CustomResourceDefinition[] {
  return shippedCrds().map((shipped) => {
    const crd = structuredClone(shipped);
    crd.metadata = { name: `${crd.spec.names.plural}.${group}` };
    crd.spec.group = group;
    // Categories and short names would clash with the real CRDs in discovery.
    delete crd.spec.names.categories;
    delete crd.spec.names.shortNames;
    const [v1] = crd.spec.versions;
    if (!v1) throw new Error(`${shipped.metadata.name} has no version`);
    const root = stripValidations(v1.schema.openAPIV3Schema);
    const metadata = root.properties?.['metadata'];
    if (metadata) root.properties = { ...root.properties, metadata: { type: 'object' } };
    v1.schema = { openAPIV3Schema: root };
    delete v1.selectableFields;
    crd.spec.versions = [v1, { ...structuredClone(v1), name: 'v2', storage: false }];
    return withConversion(crd, { endpoint: { url: convertUrl } });
  });
}

export async function installCopies(client: HttpKubeClient, crds: CustomResourceDefinition[]): Promise<void> {
  for (const crd of crds) {
    await client.create(crd as unknown as KubeObject);
    await waitEstablished(client, crd.metadata.name);
  }
  client.invalidateDiscovery();
}

export async function deleteCopies(client: HttpKubeClient, crds: CustomResourceDefinition[]): Promise<void> {
  for (const crd of crds) {
    await client
      .delete({ apiVersion: CRD_API, kind: 'CustomResourceDefinition', name: crd.metadata.name })
      .catch(() => undefined);
  }
}
