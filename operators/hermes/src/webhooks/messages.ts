// Every message the hermes admission webhooks send, in one place: the catalogue for docs and for
// tests. Each starts with the field it is about (`spec.config: ...`), as kubectl users expect.

const q = (s: string) => JSON.stringify(s);
const list = (items: readonly string[]) => items.map(q).join(', ');

/** Denials: the request is refused. */
export const DENY = {
  imageRepositoryRequired: () =>
    'spec.image.repository: is required: HermesClusterDefaults "cluster" sets no spec.image.repository ' +
    'and the defaulting webhook did not fill it',
  storageSize: (field: string, value: unknown) =>
    `${field}: ${q(String(value))} is not a valid storage size: use a positive whole number of bytes, e.g. 10Gi`,
  configExactlyOne: () => 'spec.config: exactly one of raw or configMapRef must be set',
  protectedKeysRequired: () =>
    'spec.selfConfigure.protectedKeys: must list at least one path when spec.selfConfigure.enabled is true ' +
    '(the policy is an explicit allow-list)',
  immutable: (field: string, was: unknown, now: unknown) =>
    `${field}: is immutable after creation (was ${JSON.stringify(was ?? null)}, now ${JSON.stringify(now ?? null)})`,
  restoreLocked: (restoredFrom: string) =>
    `spec.restoreFrom: is locked once status.restoredFrom is set (restored from ${q(restoredFrom)})`,
  migrationLocked: () => 'spec.migration.fromOpenClaw: is locked once status.migrationCompleted is true',
  clusterDefaultsName: (name: string | undefined) =>
    `metadata.name: HermesClusterDefaults is a singleton and must be named "cluster", not ${q(name ?? '')}`,
  selfConfigSpecImmutable: () => 'spec: is immutable; create a new HermesSelfConfig for another change',
  parentNotFound: (name: string, namespace: string) =>
    `spec.instanceRef: HermesInstance ${q(name)} not found in namespace ${q(namespace)}`,
  selfConfigureDisabled: (name: string) =>
    `spec.instanceRef: HermesInstance ${q(name)} does not accept self-configuration (spec.selfConfigure.enabled is not true)`,
  actionNotAllowed: (field: string, action: string, instance: string, allowed: readonly string[]) =>
    `${field}: action ${q(action)} is not allowed by HermesInstance ${q(instance)} ` +
    `(spec.selfConfigure.allowedActions: [${list(allowed)}])`,
  protectedKey: (field: string, key: string, instance: string) =>
    `${field}: touches protected key ${q(key)} of HermesInstance ${q(instance)}`,
  workspacePathNotRelative: (field: string, path: string) =>
    `${field}: ${q(path)} must be a relative path without .. segments`,
  reservedFile: (field: string, path: string, instead: string) =>
    `${field}: ${q(path)} cannot be written as a workspace file; ${instead}`,
  skillSourceNotAllowed: (field: string, source: string, allowed: readonly string[]) =>
    `${field}: ${q(source)} does not start with an allowed skill source (spec.selfConfigure.allowedSkillSources: [${list(allowed)}])`,
} as const;

/** Warnings: the request is admitted and kubectl prints these. */
export const WARN = {
  unknownConfigKeys: (field: string, keys: readonly string[]) =>
    `${field}: unknown top-level key${keys.length > 1 ? 's' : ''} ${list(keys)}; hermes-agent ignores keys it does not know`,
  gatewayTokenUnset: (field: string, gateway: string) =>
    `${field}: not set; the ${gateway} gateway cannot start without it`,
  secretMissing: (field: string, name: string, namespace: string) =>
    `${field}: Secret ${q(name)} not found in namespace ${q(namespace)}; the pod will not start until it exists`,
  secretKeyMissing: (field: string, name: string, key: string) =>
    `${field}: Secret ${q(name)} has no key ${q(key)}; the pod will not start until it does`,
  secretKeyEmpty: (field: string, name: string, key: string) =>
    `${field}: key ${q(key)} of Secret ${q(name)} is empty`,
  configMapMissing: (field: string, name: string, namespace: string) =>
    `${field}: ConfigMap ${q(name)} not found in namespace ${q(namespace)}; the pod will not start until it exists`,
  configMapKeyMissing: (field: string, name: string, key: string) =>
    `${field}: ConfigMap ${q(name)} has no key ${q(key)}`,
  configNotYaml: (field: string, name: string, key: string, reason: string) =>
    `${field}: key ${q(key)} of ConfigMap ${q(name)} is not a YAML mapping (${reason})`,
  notChecked: (field: string, what: string, reason: string) => `${field}: could not check ${what}: ${reason}`,
  replicasWithGateways: (maxReplicas: number, gateways: readonly string[]) =>
    `spec.availability.hpa: up to ${maxReplicas} replicas with gateway${gateways.length > 1 ? 's' : ''} ` +
    `${gateways.join(', ')} enabled: two gateways polling one bot token conflict; run one replica per token`,
  storageSizeChanged: (was: unknown, now: unknown) =>
    `spec.storage.size: changed from ${q(String(was))} to ${q(String(now))}, but the operator never updates an ` +
    'existing claim; expand the PersistentVolumeClaim yourself if its StorageClass allows it',
  notActedOnYet: (field: string) =>
    `${field}: accepted and stored, but this release of hermes-operator does not act on it yet ` +
    '(backups, restore, auto-update and OpenClaw migration land in a later release)',
} as const;
