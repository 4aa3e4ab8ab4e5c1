// The HermesInstance admission rules that need nothing but the objects: required fields,
// immutable fields, the selfConfigure policy shape, and the warnings the spec alone can raise.
// The CRD's CEL rules enforce several of these too; the webhook repeats them so the operator's
// answer does not depend on which CRD version is installed, and says them in one style.
import { isDeepStrictEqual } from 'node:util';
import type { HermesClusterDefaultsResource } from '../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource, HermesInstanceSpec } from '../api/v1/hermes-instance.ts';
import { unknownConfigKeys } from './config-keys.ts';
import { DENY, WARN } from './messages.ts';
import { isValidStorageSize, sameQuantity } from './storage-size.ts';

export interface RuleResult {
  denials: string[];
  warnings: string[];
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/** Access modes are a set: order does not count. */
function sameSet(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return isDeepStrictEqual([...(a ?? [])].sort(), [...(b ?? [])].sort());
}

function requiredFields(
  spec: HermesInstanceSpec,
  cd: HermesClusterDefaultsResource | undefined,
  out: string[],
): void {
  if (!spec.image?.repository && !cd?.spec.image?.repository) out.push(DENY.imageRepositoryRequired());
  const size = spec.storage?.size;
  if (size !== undefined && !isValidStorageSize(size)) out.push(DENY.storageSize('spec.storage.size', size));
  const config = spec.config;
  if (config && isSet(config.raw) === isSet(config.configMapRef)) out.push(DENY.configExactlyOne());
  const sc = spec.selfConfigure;
  if (sc?.enabled && (sc.protectedKeys ?? []).length === 0) out.push(DENY.protectedKeysRequired());
}

function immutableFields(obj: HermesInstanceResource, old: HermesInstanceResource, out: string[]): void {
  const now = obj.spec.storage;
  const was = old.spec.storage;
  if (now?.storageClassName !== was?.storageClassName) {
    out.push(DENY.immutable('spec.storage.storageClassName', was?.storageClassName, now?.storageClassName));
  }
  if (!sameSet(now?.accessModes, was?.accessModes)) {
    out.push(DENY.immutable('spec.storage.accessModes', was?.accessModes, now?.accessModes));
  }
  const restoredFrom = old.status?.restoredFrom;
  if (restoredFrom && obj.spec.restoreFrom !== old.spec.restoreFrom)
    out.push(DENY.restoreLocked(restoredFrom));
  if (
    old.status?.migrationCompleted &&
    !isDeepStrictEqual(obj.spec.migration?.fromOpenClaw, old.spec.migration?.fromOpenClaw)
  ) {
    out.push(DENY.migrationLocked());
  }
}

/** Names of the enabled gateways. */
export function enabledGateways(spec: HermesInstanceSpec): string[] {
  return Object.entries(spec.gateways ?? {})
    .filter(([, g]) => (g as { enabled?: boolean } | undefined)?.enabled === true)
    .map(([name]) => name);
}

function specWarnings(
  obj: HermesInstanceResource,
  old: HermesInstanceResource | undefined,
  out: string[],
): void {
  const spec = obj.spec;
  const unknown = unknownConfigKeys(spec.config?.raw);
  if (unknown.length > 0) out.push(WARN.unknownConfigKeys('spec.config.raw', unknown));
  const hpa = spec.availability?.hpa;
  const gateways = enabledGateways(spec);
  // The schema default of maxReplicas is 3: an HPA without it can still scale out.
  const maxReplicas = hpa?.maxReplicas ?? 3;
  if (hpa?.enabled && maxReplicas > 1 && gateways.length > 0) {
    out.push(WARN.replicasWithGateways(maxReplicas, gateways));
  }
  const storage = spec.storage;
  const was = old?.spec.storage?.size;
  if (
    old &&
    storage?.enabled !== false &&
    !storage?.existingClaim &&
    was !== undefined &&
    storage?.size !== undefined &&
    !sameQuantity(was, storage.size)
  ) {
    out.push(WARN.storageSizeChanged(was, storage.size));
  }
  // Say so rather than silently ignore the day-2 sections no controller implements yet.
  if (spec.backup) out.push(WARN.notActedOnYet('spec.backup'));
  if (spec.restoreFrom) out.push(WARN.notActedOnYet('spec.restoreFrom'));
  if (spec.autoUpdate?.enabled) out.push(WARN.notActedOnYet('spec.autoUpdate'));
  if (spec.migration?.fromOpenClaw) out.push(WARN.notActedOnYet('spec.migration.fromOpenClaw'));
}

/**
 * Checks `obj` (after defaulting). `old` is the stored object on UPDATE; `clusterDefaults` the
 * singleton, if any. Denials and warnings name the field they are about.
 */
export function checkInstance(
  obj: HermesInstanceResource,
  old: HermesInstanceResource | undefined,
  clusterDefaults: HermesClusterDefaultsResource | undefined,
): RuleResult {
  const denials: string[] = [];
  const warnings: string[] = [];
  const spec = obj.spec ?? {};
  requiredFields(spec, clusterDefaults, denials);
  if (old) immutableFields({ ...obj, spec }, { ...old, spec: old.spec ?? {} }, denials);
  specWarnings({ ...obj, spec }, old, warnings);
  return { denials, warnings };
}
