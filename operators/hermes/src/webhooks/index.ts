// hermes-operator admission and conversion webhooks: handlers, their registration on a runtime
// WebhookServer, and the API server configurations that call them.
export { registerHermesWebhooks } from './register.ts';
export type { HermesWebhookOptions } from './register.ts';
export {
  hermesCABundleTargets,
  hermesCrdConversion,
  hermesMutatingWebhookConfiguration,
  hermesValidatingWebhookConfiguration,
  hermesWebhookConfigurations,
  withConversion,
} from './webhook-configurations.ts';
export type {
  CustomResourceConversion,
  HermesWebhookConfigOptions,
  LabelSelector,
  WebhookConfiguration,
  WebhookEndpoint,
} from './webhook-configurations.ts';
export { CLUSTER_DEFAULTS_NAME, PATHS, WEBHOOK_NAMES } from './paths.ts';
export { DENY, WARN } from './messages.ts';
export { checkSelfConfig } from './self-config-policy.ts';
export { defaultInstanceSpec } from './instance-defaulter.ts';
export { checkInstance } from './instance-rules.ts';
export { HUB_VERSION, convertObject, hermesConverter } from './conversion.ts';
export type { ConversionSpoke, ConversionSpokes } from './conversion.ts';
export type { ClusterDefaultsGetter } from './cluster-defaults-reader.ts';
export type { InstanceGetter } from './self-config-validator.ts';
