// A conversion webhook served by this package is reached through a CRD: v1 (storage) and v2,
// strategy Webhook pointing at the server, the self-managed CA injected into the CRD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '@agent-operators/testing';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { silentLogger } from '../../../src/logging/index.ts';
import type { SelfManagedCertificateSource } from '../../../src/webhook/index.ts';
import { convertEach, selfManagedCertificateSource, WebhookServer } from '../../../src/webhook/index.ts';
import { adminClient } from './helpers.ts';

interface Widget extends KubeObject {
  spec: { size?: number; dimensions?: { size: string } };
}

let client: HttpKubeClient;
let ns: string;
let server: WebhookServer;
let certs: SelfManagedCertificateSource;
const group = `${uniqueName('conv')}.webhook-test.agent-operators.dev`;
const crdName = `widgets.${group}`;
const calls: { desiredAPIVersion: string; names: string[] }[] = [];

const v1 = `${group}/v1`;
const v2 = `${group}/v2`;
const ref = (apiVersion: string, name: string) => ({ apiVersion, kind: 'Widget', namespace: ns, name });

// v1 spec.size (integer) <-> v2 spec.dimensions.size (string)
const converter = convertEach((obj, desired) => {
  const w = obj as Widget;
  if (desired === v2) {
    if (w.spec.size === 13) throw new Error('size 13 has no v2 representation');
    return { ...w, apiVersion: desired, spec: { dimensions: { size: String(w.spec.size) } } };
  }
  return { ...w, apiVersion: desired, spec: { size: Number(w.spec.dimensions?.size) } };
});

const schema = (spec: Record<string, unknown>) => ({
  openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: spec } } },
});

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'webhook-conv');
  certs = selfManagedCertificateSource({
    client,
    secret: { namespace: ns, name: 'webhook-ca' },
    ipAddresses: ['127.0.0.1'],
    inject: { customResourceDefinitions: [crdName] },
    logger: silentLogger(),
  });
  server = new WebhookServer({
    certificates: certs,
    port: 0,
    host: '127.0.0.1',
    logger: silentLogger(),
    metrics: false,
  }).addConversion('/convert', async (desired, objects, ctx) => {
    calls.push({ desiredAPIVersion: desired, names: objects.map((o) => o.metadata.name ?? '') });
    return converter(desired, objects, ctx);
  });
  await server.start();

  await client.create({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: crdName },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: schema({ size: { type: 'integer' } }),
        },
        {
          name: 'v2',
          served: true,
          storage: false,
          schema: schema({ dimensions: { type: 'object', properties: { size: { type: 'string' } } } }),
        },
      ],
      conversion: {
        strategy: 'Webhook',
        webhook: {
          clientConfig: { url: `https://127.0.0.1:${server.port}/convert` },
          conversionReviewVersions: ['v1'],
        },
      },
    },
  });
  expect((await certs.sync()).patched).toEqual([`CustomResourceDefinition/${crdName}`]);
  await eventually('the CRD to be established', async () => {
    const crd = await client.get<
      KubeObject & { status?: { conditions?: { type: string; status: string }[] } }
    >({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      name: crdName,
    });
    return crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
  });
  client.invalidateDiscovery();

  // The API server rebuilds the CRD's storage (with the injected caBundle) asynchronously.
  await client.create<Widget>({
    apiVersion: v1,
    kind: 'Widget',
    metadata: { name: 'probe', namespace: ns },
    spec: { size: 1 },
  });
  await eventually('a conversion through the webhook', () => client.get<Widget>(ref(v2, 'probe')));
});

afterAll(async () => {
  await client
    ?.delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: crdName })
    .catch(() => undefined);
  await server?.stop();
  if (client) await deleteNamespace(client, ns);
  client?.close();
});

describe('conversion webhook behind the real API server', () => {
  it('the CRD carries the injected CA bundle', async () => {
    const crd = await client.get<
      KubeObject & { spec: { conversion: { webhook: { clientConfig: { caBundle?: string } } } } }
    >({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: crdName });
    expect(crd.spec.conversion.webhook.clientConfig.caBundle).toBe(
      Buffer.from(certs.caBundle ?? '').toString('base64'),
    );
    expect((await certs.sync()).unchanged).toEqual([`CustomResourceDefinition/${crdName}`]);
  });

  it('an object created as v1 reads as v2, converted by the webhook', async () => {
    await client.create<Widget>({
      apiVersion: v1,
      kind: 'Widget',
      metadata: { name: 'small', namespace: ns },
      spec: { size: 3 },
    });
    const before = calls.length;
    const read = await client.get<Widget>(ref(v2, 'small'));
    expect(read.apiVersion).toBe(v2);
    expect(read.spec).toEqual({ dimensions: { size: '3' } });
    expect(calls.slice(before)).toContainEqual({ desiredAPIVersion: v2, names: ['small'] });
  });

  it('an object created as v2 is stored as v1', async () => {
    const before = calls.length;
    await client.create<Widget>({
      apiVersion: v2,
      kind: 'Widget',
      metadata: { name: 'large', namespace: ns },
      spec: { dimensions: { size: '42' } },
    });
    expect(calls.slice(before).some((c) => c.desiredAPIVersion === v1 && c.names.includes('large'))).toBe(
      true,
    );
    const stored = await client.get<Widget>(ref(v1, 'large'));
    expect(stored.spec).toEqual({ size: 42 });
  });

  it('a list as v2 converts every item', async () => {
    const list = await client.list<Widget>({ apiVersion: v2, kind: 'Widget', namespace: ns });
    expect(
      Object.fromEntries(list.items.map((w) => [w.metadata.name, w.spec.dimensions?.size])),
    ).toMatchObject({
      small: '3',
      large: '42',
    });
  });

  it("a converter failure reaches the client with the converter's message", async () => {
    await client.create<Widget>({
      apiVersion: v1,
      kind: 'Widget',
      metadata: { name: 'odd', namespace: ns },
      spec: { size: 13 },
    });
    await expect(client.get(ref(v2, 'odd'))).rejects.toThrow(/size 13 has no v2 representation/);
  });
});
