// One webhook environment for the admission tests: a runtime WebhookServer on 127.0.0.1 with the
// hermes webhooks, a self-managed CA injected into the configurations (and the copy CRDs'
// conversion), and configurations the API server only applies to this file's objects: two
// namespaces by namespaceSelector (defaulting in one, validation in both) and a label on every
// object by objectSelector (the cluster-scoped singleton has no namespace to select on).
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { HttpKubeClient } from '@agent-operators/runtime/client';
import type { CustomResourceDefinition } from '@agent-operators/runtime/crd';
import { silentLogger } from '@agent-operators/runtime/logging';
import { selfManagedCertificateSource, WebhookServer } from '@agent-operators/runtime/webhook';
import type { SelfManagedCertificateSource } from '@agent-operators/runtime/webhook';
import type { ConversionSpokes } from '../../../src/webhooks/conversion.ts';
import { registerHermesWebhooks } from '../../../src/webhooks/register.ts';
import {
  hermesCABundleTargets,
  hermesMutatingWebhookConfiguration,
  hermesValidatingWebhookConfiguration,
} from '../../../src/webhooks/webhook-configurations.ts';
import type {
  HermesWebhookConfigOptions,
  WebhookConfiguration,
} from '../../../src/webhooks/webhook-configurations.ts';
import { copyCrds, deleteCopies, installCopies, installShippedCrds } from './crds.ts';
import { eventually } from '@agent-operators/testing';

export const LABEL = 'hermes.agent/admission-test';
export const FIELD_MANAGER = 'hermes-admission-test';

export interface AdmissionEnv {
  client: HttpKubeClient;
  /** Every Warning header the client received, in order. */
  warnings: string[];
  id: string;
  /** Namespace with defaulting and validation. */
  ns: string;
  /** Namespace with validation only (to reach the denials defaulting would prevent). */
  nsValidateOnly: string;
  /** The private CRD copy's group (no CEL, v1 + v2, webhook conversion). */
  group: string;
  server: WebhookServer;
  certs: SelfManagedCertificateSource;
  configurations: WebhookConfiguration[];
  copies: CustomResourceDefinition[];
}

const inNamespaces = (names: string[]) => ({
  matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In' as const, values: names }],
});

export async function startAdmissionEnv(spokes: ConversionSpokes): Promise<AdmissionEnv> {
  const warnings: string[] = [];
  const client = await createKubeClient({
    kubeconfigPath: inject('kubeconfigPath'),
    onWarning: (w) => warnings.push(w),
  });
  const id = randomBytes(4).toString('hex');
  const ns = `hermes-adm-${id}`;
  const nsValidateOnly = `hermes-adm-v-${id}`;
  const group = `${id}.admission.hermes.test`;
  for (const name of [ns, nsValidateOnly]) {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }
  await installShippedCrds(client, FIELD_MANAGER);

  const realNames = `hermes-adm-${id}`;
  const copyNames = `hermes-adm-copy-${id}`;
  const real = hermesCABundleTargets({ name: realNames, conversion: false });
  const copy = hermesCABundleTargets({ name: copyNames, group });
  const certs = selfManagedCertificateSource({
    client,
    secret: { namespace: ns, name: 'webhook-ca' },
    ipAddresses: ['127.0.0.1'],
    inject: {
      mutatingWebhookConfigurations: [
        ...(real.mutatingWebhookConfigurations ?? []),
        ...(copy.mutatingWebhookConfigurations ?? []),
      ],
      validatingWebhookConfigurations: [
        ...(real.validatingWebhookConfigurations ?? []),
        ...(copy.validatingWebhookConfigurations ?? []),
      ],
      customResourceDefinitions: copy.customResourceDefinitions ?? [],
    },
    logger: silentLogger(),
  });
  const server = new WebhookServer({
    certificates: certs,
    port: 0,
    host: '127.0.0.1',
    logger: silentLogger(),
    metrics: false,
  });
  registerHermesWebhooks(server, { client, conversionSpokes: spokes, logger: silentLogger() });
  await server.start();

  const url = `https://127.0.0.1:${server.port}`;
  const base: Omit<HermesWebhookConfigOptions, 'name'> = {
    endpoint: { url },
    objectSelector: { matchLabels: { [LABEL]: id } },
    timeoutSeconds: 5,
  };
  const env: AdmissionEnv = {
    client,
    warnings,
    id,
    ns,
    nsValidateOnly,
    group,
    server,
    certs,
    configurations: [
      hermesMutatingWebhookConfiguration({ ...base, name: realNames, namespaceSelector: inNamespaces([ns]) }),
      hermesValidatingWebhookConfiguration({
        ...base,
        name: realNames,
        namespaceSelector: inNamespaces([ns, nsValidateOnly]),
      }),
      hermesMutatingWebhookConfiguration({
        ...base,
        name: copyNames,
        group,
        namespaceSelector: inNamespaces([ns]),
      }),
      hermesValidatingWebhookConfiguration({
        ...base,
        name: copyNames,
        group,
        namespaceSelector: inNamespaces([ns]),
      }),
    ],
    copies: copyCrds(group, url),
  };
  try {
    await installCopies(client, env.copies);
    for (const c of env.configurations) await client.create(c);
    await certs.sync();
    await waitForWebhooks(env);
  } catch (err) {
    // Never leave a configuration pointing at a server that is going away.
    await stopAdmissionEnv(env);
    throw err;
  }
  return env;
}

/** The API server picks configurations and CRD changes up asynchronously: probe until it calls us. */
async function waitForWebhooks(env: AdmissionEnv): Promise<void> {
  const probe = (apiVersion: string, namespace: string) =>
    eventually(
      `the API server to call the webhooks for ${apiVersion} in ${namespace}`,
      async () => {
        try {
          await env.client.create(
            {
              apiVersion,
              kind: 'HermesInstance',
              metadata: { name: 'probe', namespace, labels: { [LABEL]: env.id } },
              spec: { image: { repository: 'x' }, storage: { size: '0' } },
            },
            { dryRun: true },
          );
          return undefined;
        } catch (err) {
          return /admission webhook "vhermesinstance\.hermes\.agent" denied/.test((err as Error).message)
            ? true
            : undefined;
        }
      },
      { timeoutMs: 30_000 },
    );
  await probe('hermes.agent/v1', env.ns);
  await probe('hermes.agent/v1', env.nsValidateOnly);
  await probe(`${env.group}/v1`, env.ns);
  // Conversion: the API server rebuilds the copy's storage with the injected caBundle.
  await env.client.create({
    apiVersion: `${env.group}/v1`,
    kind: 'HermesClusterDefaults',
    metadata: { name: 'conversion-probe', labels: { [LABEL]: 'nobody' } },
    spec: {},
  });
  await eventually(
    'a conversion through the webhook',
    () =>
      env.client.get({
        apiVersion: `${env.group}/v2`,
        kind: 'HermesClusterDefaults',
        name: 'conversion-probe',
      }),
    { timeoutMs: 30_000 },
  );
  env.warnings.length = 0;
}

export async function stopAdmissionEnv(env: AdmissionEnv | undefined): Promise<void> {
  if (!env) return;
  const { client } = env;
  // Configurations first: a dead endpoint with failurePolicy Fail would block other tests.
  for (const c of env.configurations) {
    await client
      .delete({ apiVersion: c.apiVersion, kind: c.kind, name: c.metadata.name ?? '' })
      .catch(() => undefined);
  }
  await deleteCopies(client, env.copies);
  await env.server.stop();
  for (const name of [env.ns, env.nsValidateOnly]) {
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', name }).catch(() => undefined);
  }
  client.close();
}

/** Runs `fn` and returns its result with the Warning headers received meanwhile. */
export async function withWarnings<T>(
  env: AdmissionEnv,
  fn: () => Promise<T>,
): Promise<{ result: T; warnings: string[] }> {
  const from = env.warnings.length;
  const result = await fn();
  return { result, warnings: env.warnings.slice(from) };
}

/** The error message of a rejected write; fails the test when it was accepted. */
export async function rejection(write: () => Promise<unknown>): Promise<string> {
  try {
    await write();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the API server to reject the request');
}
