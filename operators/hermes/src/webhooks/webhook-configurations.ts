// Pure builders for what the API server needs to call the hermes webhooks: the
// MutatingWebhookConfiguration, the ValidatingWebhookConfiguration and the CRDs' spec.conversion.
// The endpoint is a Service (in-cluster) or a URL (tests, local runs). Every field the API server
// would default is set, so an object read back equals the one built and re-applying writes nothing.
// Without `caBundle` the bundle is left for injection (the runtime's self-managed certificate
// source via `hermesCABundleTargets`, or cert-manager's cainjector via `annotations`).
import type { KubeObject } from '@agent-operators/runtime/client';
import type { CustomResourceDefinition, WebhookClientConfig } from '@agent-operators/runtime/crd';
import type { CABundleTargets } from '@agent-operators/runtime/webhook';
import { GROUP, VERSION } from '../api/v1/crds.ts';
import { PATHS, WEBHOOK_NAMES } from './paths.ts';

export type WebhookEndpoint =
  | { service: { namespace: string; name: string; port?: number } }
  /** Base URL of the webhook server, e.g. `https://127.0.0.1:9443`; paths are appended. */
  | { url: string };

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}

export interface HermesWebhookConfigOptions {
  endpoint: WebhookEndpoint;
  /** PEM CA bundle that signed the serving certificate. Omit to inject it later. */
  caBundle?: string;
  /** Names are `<name>-mutating` and `<name>-validating`. Default `hermes-operator`. */
  name?: string;
  /** API group of the hermes CRDs. Default hermes.agent; tests install copies under another group. */
  group?: string;
  /** Namespaced webhooks only see namespaces this selects. Default: all. */
  namespaceSelector?: LabelSelector;
  /** Every webhook only sees objects this selects. Default: all. */
  objectSelector?: LabelSelector;
  /** Default Fail: an instance must not be admitted unchecked or undefaulted. */
  failurePolicy?: 'Fail' | 'Ignore';
  /** Default 10 (the API server's default). */
  timeoutSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface WebhookConfiguration extends KubeObject {
  webhooks: Record<string, unknown>[];
}

export interface CustomResourceConversion {
  strategy: 'Webhook';
  webhook: { clientConfig: WebhookClientConfig; conversionReviewVersions: string[] };
}

const ADMISSION_API = 'admissionregistration.k8s.io/v1';
const PLURALS = {
  HermesInstance: 'hermesinstances',
  HermesSelfConfig: 'hermesselfconfigs',
  HermesClusterDefaults: 'hermesclusterdefaults',
} as const;

function clientConfig(
  endpoint: WebhookEndpoint,
  path: string,
  caBundle: string | undefined,
): WebhookClientConfig {
  const config: WebhookClientConfig =
    'url' in endpoint
      ? { url: `${endpoint.url.replace(/\/+$/, '')}${path}` }
      : { service: { ...endpoint.service, path, port: endpoint.service.port ?? 443 } };
  if (caBundle) config.caBundle = Buffer.from(caBundle).toString('base64');
  return config;
}

function metadata(name: string, opts: HermesWebhookConfigOptions): KubeObject['metadata'] {
  return {
    name,
    labels: { 'app.kubernetes.io/part-of': 'hermes-operator', ...opts.labels },
    ...(opts.annotations ? { annotations: { ...opts.annotations } } : {}),
  };
}

function webhook(
  opts: HermesWebhookConfigOptions,
  name: string,
  path: string,
  resource: string,
  scope: 'Namespaced' | 'Cluster',
): Record<string, unknown> {
  return {
    name,
    clientConfig: clientConfig(opts.endpoint, path, opts.caBundle),
    rules: [
      {
        apiGroups: [opts.group ?? GROUP],
        apiVersions: [VERSION],
        operations: ['CREATE', 'UPDATE'],
        resources: [resource],
        scope,
      },
    ],
    failurePolicy: opts.failurePolicy ?? 'Fail',
    matchPolicy: 'Equivalent',
    // namespaceSelector does not apply to cluster-scoped objects; the API server stores {} anyway.
    namespaceSelector: scope === 'Namespaced' ? structuredClone(opts.namespaceSelector ?? {}) : {},
    objectSelector: structuredClone(opts.objectSelector ?? {}),
    sideEffects: 'None',
    timeoutSeconds: opts.timeoutSeconds ?? 10,
    admissionReviewVersions: ['v1'],
  };
}

export function hermesMutatingWebhookConfiguration(opts: HermesWebhookConfigOptions): WebhookConfiguration {
  return {
    apiVersion: ADMISSION_API,
    kind: 'MutatingWebhookConfiguration',
    metadata: metadata(`${opts.name ?? 'hermes-operator'}-mutating`, opts),
    webhooks: [
      {
        ...webhook(
          opts,
          WEBHOOK_NAMES.defaultInstance,
          PATHS.defaultInstance,
          PLURALS.HermesInstance,
          'Namespaced',
        ),
        reinvocationPolicy: 'Never',
      },
    ],
  };
}

export function hermesValidatingWebhookConfiguration(opts: HermesWebhookConfigOptions): WebhookConfiguration {
  return {
    apiVersion: ADMISSION_API,
    kind: 'ValidatingWebhookConfiguration',
    metadata: metadata(`${opts.name ?? 'hermes-operator'}-validating`, opts),
    webhooks: [
      webhook(
        opts,
        WEBHOOK_NAMES.validateInstance,
        PATHS.validateInstance,
        PLURALS.HermesInstance,
        'Namespaced',
      ),
      webhook(
        opts,
        WEBHOOK_NAMES.validateSelfConfig,
        PATHS.validateSelfConfig,
        PLURALS.HermesSelfConfig,
        'Namespaced',
      ),
      webhook(
        opts,
        WEBHOOK_NAMES.validateClusterDefaults,
        PATHS.validateClusterDefaults,
        PLURALS.HermesClusterDefaults,
        'Cluster',
      ),
    ],
  };
}

/** Both configurations, mutating first. */
export function hermesWebhookConfigurations(opts: HermesWebhookConfigOptions): WebhookConfiguration[] {
  return [hermesMutatingWebhookConfiguration(opts), hermesValidatingWebhookConfiguration(opts)];
}

/** The `spec.conversion` stanza of every hermes CRD. */
export function hermesCrdConversion(
  opts: Pick<HermesWebhookConfigOptions, 'endpoint' | 'caBundle'>,
): CustomResourceConversion {
  return {
    strategy: 'Webhook',
    webhook: {
      clientConfig: clientConfig(opts.endpoint, PATHS.convert, opts.caBundle),
      conversionReviewVersions: ['v1'],
    },
  };
}

/** A copy of `crd` converting through the hermes conversion webhook. */
export function withConversion(
  crd: CustomResourceDefinition,
  opts: Pick<HermesWebhookConfigOptions, 'endpoint' | 'caBundle'>,
): CustomResourceDefinition {
  const copy = structuredClone(crd);
  copy.spec.conversion = hermesCrdConversion(opts);
  return copy;
}

/** What a self-managed certificate source must inject the CA bundle into. */
export function hermesCABundleTargets(
  opts: Pick<HermesWebhookConfigOptions, 'name' | 'group'> & { conversion?: boolean } = {},
): CABundleTargets {
  const name = opts.name ?? 'hermes-operator';
  const group = opts.group ?? GROUP;
  return {
    mutatingWebhookConfigurations: [`${name}-mutating`],
    validatingWebhookConfigurations: [`${name}-validating`],
    ...(opts.conversion === false
      ? {}
      : { customResourceDefinitions: Object.values(PLURALS).map((plural) => `${plural}.${group}`) }),
  };
}
