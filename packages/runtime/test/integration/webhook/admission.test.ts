// The API server calls admission webhooks served by this package: registered with the
// self-managed CA (injected as caBundle), scoped by namespace and object selectors to this file's
// objects, failurePolicy Fail. Denials, warnings and patches must reach the client.
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '@agent-operators/testing';
import { isForbidden, isInvalid } from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { silentLogger } from '../../../src/logging/index.ts';
import type { AdmissionOperation, SelfManagedCertificateSource } from '../../../src/webhook/index.ts';
import {
  allow,
  deny,
  ensureCASecret,
  mutateObject,
  selfManagedCertificateSource,
  WebhookServer,
} from '../../../src/webhook/index.ts';
import { adminClient, rawApiRequest } from './helpers.ts';

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

let client: HttpKubeClient;
let ns: string;
let server: WebhookServer;
let certs: SelfManagedCertificateSource;
const id = uniqueName('adm');
const validatingName = `${id}-validate`;
const mutatingName = `${id}-mutate`;
const seen: {
  path: string;
  operation: AdmissionOperation;
  name: string | undefined;
  dryRun: boolean | undefined;
}[] = [];

const selectorLabel = 'webhook-test.agent-operators.dev/id';
const configMap = (name: string, data: Record<string, string> = {}): ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns, labels: { [selectorLabel]: id } },
  data,
});

function webhook(name: string, path: string) {
  return {
    name,
    clientConfig: { url: `https://127.0.0.1:${server.port}${path}` },
    rules: [
      {
        apiGroups: [''],
        apiVersions: ['v1'],
        operations: ['CREATE', 'UPDATE'],
        resources: ['configmaps'],
        scope: 'Namespaced',
      },
    ],
    // Two selectors: other tests share this API server and must never reach this webhook.
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } },
    objectSelector: { matchLabels: { [selectorLabel]: id } },
    failurePolicy: 'Fail',
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    timeoutSeconds: 5,
  };
}

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'webhook-adm');
  certs = selfManagedCertificateSource({
    client,
    secret: { namespace: ns, name: 'webhook-ca' },
    service: { namespace: ns, name: 'webhooks' },
    ipAddresses: ['127.0.0.1'],
    inject: {
      validatingWebhookConfigurations: [validatingName],
      mutatingWebhookConfigurations: [mutatingName],
    },
    logger: silentLogger(),
  });
  server = new WebhookServer({
    certificates: certs,
    port: 0,
    host: '127.0.0.1',
    logger: silentLogger(),
    metrics: false,
  })
    .addValidating<ConfigMap>('/validate-configmap', (req) => {
      seen.push({
        path: '/validate-configmap',
        operation: req.operation,
        name: req.name,
        dryRun: req.dryRun,
      });
      const data = req.object?.data ?? {};
      if (data['forbidden']) return deny(`data.forbidden is not allowed (got "${data['forbidden']}")`);
      if (data['invalid']) return deny('data.invalid must be empty', { code: 422 });
      return allow({ warnings: data['legacy'] ? ['data.legacy is deprecated; use data.modern'] : [] });
    })
    .addMutating(
      '/mutate-configmap',
      mutateObject<ConfigMap>((obj, req) => {
        seen.push({
          path: '/mutate-configmap',
          operation: req.operation,
          name: req.name,
          dryRun: req.dryRun,
        });
        obj.metadata.labels = { ...obj.metadata.labels, 'mutated-by': 'webhook' };
        obj.data = { ...obj.data, defaulted: 'true' };
      }),
    );
  // The certificate source injects at start; the configurations do not exist yet (they need the port).
  await server.start();

  await client.create({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: validatingName },
    webhooks: [webhook('validate.webhook-test.agent-operators.dev', '/validate-configmap')],
  });
  await client.create({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: mutatingName },
    webhooks: [webhook('mutate.webhook-test.agent-operators.dev', '/mutate-configmap')],
  });
  const report = await certs.sync();
  expect(report.patched.sort()).toEqual([
    `MutatingWebhookConfiguration/${mutatingName}`,
    `ValidatingWebhookConfiguration/${validatingName}`,
  ]);

  // The API server picks configuration changes up asynchronously: probe with dry-run creates.
  await eventually('the API server to call the webhooks', async () => {
    await client.create(configMap('probe'), { dryRun: true });
    return seen.some((s) => s.name === 'probe' && s.path === '/validate-configmap');
  });
});

afterAll(async () => {
  for (const kind of ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration']) {
    const name = kind.startsWith('Validating') ? validatingName : mutatingName;
    await client
      ?.delete({ apiVersion: 'admissionregistration.k8s.io/v1', kind, name })
      .catch(() => undefined);
  }
  await server?.stop();
  if (client) await deleteNamespace(client, ns);
  client?.close();
});

describe('admission webhooks behind the real API server', () => {
  it('injected the self-managed CA into every webhook, and a second sync writes nothing', async () => {
    const caBundle = Buffer.from(certs.caBundle ?? '').toString('base64');
    const before = await client.get<KubeObject & { webhooks: { clientConfig: { caBundle?: string } }[] }>({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      name: validatingName,
    });
    expect(before.webhooks[0]?.clientConfig.caBundle).toBe(caBundle);
    const report = await certs.sync();
    expect(report.patched).toEqual([]);
    expect(report.unchanged).toHaveLength(2);
    const after = await client.get({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      name: validatingName,
    });
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it('a denial reaches the client with the handler message and code', async () => {
    const err: unknown = await client
      .create(configMap('denied', { forbidden: 'yes' }))
      .catch((e: unknown) => e);
    expect(isForbidden(err)).toBe(true);
    expect((err as Error).message).toBe(
      'admission webhook "validate.webhook-test.agent-operators.dev" denied the request: data.forbidden is not allowed (got "yes")',
    );
    const invalid: unknown = await client
      .create(configMap('invalid', { invalid: 'x' }))
      .catch((e: unknown) => e);
    expect(isInvalid(invalid)).toBe(true);
    expect((invalid as Error).message).toMatch(/denied the request: data.invalid must be empty/);
    await expect(
      client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'denied' }),
    ).rejects.toThrow();
  });

  it('warnings reach the client as Warning headers', async () => {
    const reply = await rawApiRequest(
      'POST',
      `/api/v1/namespaces/${ns}/configmaps`,
      configMap('warned', { legacy: 'x' }),
    );
    expect(reply.status).toBe(201);
    expect(reply.headers['warning']).toBe('299 - "data.legacy is deprecated; use data.modern"');
  });

  it("a mutating webhook's patch is applied, on create and on update", async () => {
    const created = await client.create(configMap('mutated', { own: 'value' }));
    expect(created.metadata.labels).toEqual({ [selectorLabel]: id, 'mutated-by': 'webhook' });
    expect(created.data).toEqual({ own: 'value', defaulted: 'true' });
    const updated = await client.patch<ConfigMap>(
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'mutated' },
      'json',
      [{ op: 'remove', path: '/data/defaulted' }],
    );
    expect(updated.data).toEqual({ own: 'value', defaulted: 'true' });
    expect(seen.filter((s) => s.name === 'mutated').map((s) => `${s.path} ${s.operation}`)).toEqual([
      '/mutate-configmap CREATE',
      '/validate-configmap CREATE',
      '/mutate-configmap UPDATE',
      '/validate-configmap UPDATE',
    ]);
  });

  it('objects outside the selectors never reach the webhook', async () => {
    const before = seen.length;
    await client.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'unlabelled', namespace: ns },
    });
    expect(seen.length).toBe(before);
  });

  it('a rotated CA re-issues the serving certificate and re-injects the bundle; calls keep working', async () => {
    const oldCert = server.certificate;
    const oldBundle = certs.caBundle ?? '';
    // Another replica rotated the CA (forced here by a large renew-before window).
    const rotated = await ensureCASecret(client, {
      namespace: ns,
      name: 'webhook-ca',
      renewBeforeMs: 20 * 365 * 86_400_000,
    });
    const report = await certs.sync();
    expect(report.patched).toHaveLength(2);
    expect(certs.caBundle).toBe(rotated.caBundle);
    expect(certs.caBundle).toContain(oldBundle.trim());
    expect(server.certificate).not.toBe(oldCert);
    expect(
      new X509Certificate(server.certificate ?? '').checkIssued(new X509Certificate(rotated.ca.certPem)),
    ).toBe(true);
    await eventually('the API server to call the webhook with the new certificate', async () => {
      const before = seen.length;
      await client.create(configMap('after-rotation'), { dryRun: true });
      return seen.length > before;
    });
  });
});
