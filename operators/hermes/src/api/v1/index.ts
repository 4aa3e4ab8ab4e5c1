// hermes.agent/v1: schemas, TypeScript types, CRDs, defaults and validation.
export * from './hermes-instance.ts';
export * from './hermes-self-config.ts';
export * from './hermes-cluster-defaults.ts';
export { InstancePhase, InstanceStatus, AutoUpdateStatus, BackupStatus } from './instance-status.ts';
export { SCHEMAS, isHermesKind } from './kinds.ts';
export type { HermesKind } from './kinds.ts';
export { applyDefaults } from './defaults.ts';
export {
  validate,
  validateHermesInstance,
  validateHermesSelfConfig,
  validateHermesClusterDefaults,
  formatErrors,
  pointerToPath,
} from './validation.ts';
export type { FieldError } from './validation.ts';
export {
  GROUP,
  VERSION,
  API_VERSION,
  hermesCrds,
  hermesInstanceCrd,
  hermesSelfConfigCrd,
  hermesClusterDefaultsCrd,
} from './crds.ts';
export { FALLBACK_DEFAULTS } from './fallback-defaults.ts';
export { RESERVED_CONTAINERS } from './instance-spec/pod-extras.ts';
