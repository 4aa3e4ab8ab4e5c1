// The mutate model of `ensure`: lay the builder's desired object over the live one.
//
// Desired fields win wherever the builder sets them; everything it leaves out (server defaults,
// server-assigned fields such as a Service's clusterIP or a port's nodePort, other managers'
// fields) is kept from the live object. The result reports whether anything the builder cares
// about differs, so a converged object costs no request. Unchanged subtrees are shared with the
// live object, so a no-op merge allocates almost nothing.
//
// Conventions for builders:
// - `undefined` means "not mine": the live value is kept.
// - `null` means "must be absent": the field is removed.
// - A zero value (false, 0, "", {}, []) the live object lacks is not a change: the API server
//   omits such values when it serialises (Go's omitempty), so they never read back.
import { isPlainObject, jsonEqual } from './json-equal.ts';
import type { OwnedKeyPredicate } from './owned-keys.ts';
import { ownsNoKeys } from './owned-keys.ts';
import { AlreadyOwnedError } from './owner-references.ts';
import type { KubeObject, OwnerReference } from '../client/types.ts';
import { quantityEqual } from './quantity.ts';

export interface MergeRules {
  /** Label/annotation keys the operator owns (overwritten, and removed when not desired). */
  ownedKey: OwnedKeyPredicate;
  /** Map fields replaced as a whole (their keys are data, not a schema the server defaults). */
  atomicKeys: ReadonlySet<string>;
  /** Fields holding resource quantities (or maps of them), compared by value. */
  quantityKeys: ReadonlySet<string>;
  /**
   * One-of groups, by member key: when the builder sets one member (a volume's `configMap`), the
   * live object's other members (its former `emptyDir`) are dropped rather than kept.
   */
  exclusiveKeys: ReadonlyMap<string, readonly string[]>;
}

/** Maps that are data: a key the builder dropped must disappear, so they are never merged key by key. */
export const defaultAtomicKeys: ReadonlySet<string> = new Set([
  'data',
  'binaryData',
  'stringData',
  'selector',
  'matchLabels',
  'labelSelector',
  'namespaceSelector',
  'podSelector',
  'nodeSelector',
  'limits',
  'requests',
  'capacity',
  'hard',
]);

export const defaultQuantityKeys: ReadonlySet<string> = new Set([
  'limits',
  'requests',
  'capacity',
  'hard',
  'sizeLimit',
]);

/** Indexes one-of groups by member for MergeRules.exclusiveKeys. */
export function exclusiveKeyIndex(
  groups: readonly (readonly string[])[],
): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, readonly string[]>();
  for (const group of groups) for (const key of group) index.set(key, group);
  return index;
}

/** The one-of unions of the core API that builders switch between. */
export const defaultExclusiveKeys = exclusiveKeyIndex([
  // VolumeSource, and VolumeProjection (which shares configMap, secret and downwardAPI with it)
  [
    'emptyDir',
    'configMap',
    'secret',
    'persistentVolumeClaim',
    'hostPath',
    'projected',
    'downwardAPI',
    'csi',
    'ephemeral',
    'nfs',
    'image',
    'iscsi',
    'fc',
    'awsElasticBlockStore',
    'gcePersistentDisk',
    'azureDisk',
    'azureFile',
    'cephfs',
    'rbd',
    'cinder',
    'flexVolume',
    'flocker',
    'gitRepo',
    'glusterfs',
    'photonPersistentDisk',
    'portworxVolume',
    'quobyte',
    'scaleIO',
    'storageos',
    'vsphereVolume',
    'serviceAccountToken',
    'clusterTrustBundle',
    'podCertificate',
  ],
  // Probe and lifecycle handlers
  ['exec', 'httpGet', 'tcpSocket', 'grpc', 'sleep'],
  // EnvVar
  ['value', 'valueFrom'],
  // EnvVarSource
  ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef', 'fileKeyRef'],
  // EnvFromSource
  ['configMapRef', 'secretRef'],
]);

export const defaultMergeRules: MergeRules = {
  ownedKey: ownsNoKeys,
  atomicKeys: defaultAtomicKeys,
  quantityKeys: defaultQuantityKeys,
  exclusiveKeys: defaultExclusiveKeys,
};

/**
 * Fields that identify an element of a list of objects, tried in order; the first one every
 * desired element has, with unique values, pairs desired and live elements. Lists without one
 * pair by position.
 */
const identityFields = [
  'mountPath',
  'devicePath',
  'name',
  'containerPort',
  'port',
  'uid',
  'ip',
  'key',
  'path',
];

/** Metadata the server owns: never taken from a desired object. */
const serverMetadata = new Set([
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

interface Ctx {
  rules: MergeRules;
  changed: boolean;
}

export interface MergeResult<T> {
  /** The object to send; `current` itself when nothing changed. */
  object: T;
  /** Whether anything the desired object sets differs from `current`. */
  changed: boolean;
}

/**
 * Merges `desired` over `current`. `status` is ignored (it has its own subresource) and so is
 * server-owned metadata. Throws AlreadyOwnedError when desired names a controller owner and the
 * live object has a different one.
 */
export function mergeObject<T extends KubeObject>(
  current: T,
  desired: KubeObject,
  rules: MergeRules = defaultMergeRules,
): MergeResult<T> {
  const ctx: Ctx = { rules, changed: false };
  let out: Record<string, unknown> | undefined;
  const cur = current as Record<string, unknown>;
  for (const key in desired) {
    if (key === 'status') continue;
    let dv = desired[key];
    if (dv === undefined) continue;
    if (key === 'metadata') dv = desiredMetadata(desired.metadata);
    const cv = cur[key];
    const mv = mergeValue(cv, dv, key, '', ctx);
    if (mv !== cv) {
      out ??= { ...cur };
      if (mv === undefined) delete out[key];
      else out[key] = mv;
    }
  }
  // Without a change the live object is the answer, even where the walk swapped in an equivalent
  // (a vacuous desired value for an absent live one).
  return { object: ctx.changed && out ? (out as T) : current, changed: ctx.changed };
}

function desiredMetadata(meta: KubeObject['metadata']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in meta) if (!serverMetadata.has(key)) out[key] = (meta as Record<string, unknown>)[key];
  return out;
}

/** A value the API server would not serialise (Go zero value under omitempty). */
function isVacuous(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) {
    for (const key in value) if (!isVacuous(value[key])) return false;
    return true;
  }
  return false;
}

/** `value` without object members that are null (a builder's "must be absent"); shared if it has none. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const w = withoutNulls(v);
      if (w !== v) (out ??= value.slice())[i] = w;
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const k in value) {
    const v = value[k];
    if (v === null) {
      out ??= { ...value };
      delete out[k];
      continue;
    }
    const w = withoutNulls(v);
    if (w !== v) (out ??= { ...value })[k] = w;
  }
  return out ?? value;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

function mergeValue(cv: unknown, dv: unknown, key: string, parentKey: string, ctx: Ctx): unknown {
  // Equal scalars are most of a converged object: settle them first.
  if (cv === dv || dv === undefined) return cv;
  if (dv === null) {
    if (!isVacuous(cv)) ctx.changed = true;
    return undefined;
  }
  if (isAbsent(cv)) {
    // Nothing live to keep: the desired value goes in as it is, less its "must be absent" nulls.
    if (!isVacuous(dv)) ctx.changed = true;
    return withoutNulls(dv);
  }
  if (Array.isArray(dv)) {
    if (parentKey === 'metadata' && key === 'ownerReferences') return mergeOwnerReferences(cv, dv, ctx);
    if (parentKey === 'metadata' && key === 'finalizers') return mergeFinalizers(cv, dv, ctx);
    return mergeArray(cv, dv, key, ctx);
  }
  if (isPlainObject(dv)) {
    if (!isPlainObject(cv)) {
      ctx.changed = true;
      return withoutNulls(dv);
    }
    if (parentKey === 'metadata' && (key === 'labels' || key === 'annotations'))
      return mergeOwnedMap(cv, dv, ctx);
    if (ctx.rules.atomicKeys.has(key)) {
      const want = withoutNulls(dv) as Record<string, unknown>;
      const equal = ctx.rules.quantityKeys.has(key) ? quantityMapEqual(cv, want) : jsonEqual(want, cv);
      if (equal) return cv;
      ctx.changed = true;
      return want;
    }
    return mergeStruct(cv, dv, key, ctx);
  }
  if (ctx.rules.quantityKeys.has(key) && quantityEqual(cv, dv)) return cv;
  ctx.changed = true;
  return dv;
}

function mergeStruct(
  cv: Record<string, unknown>,
  dv: Record<string, unknown>,
  key: string,
  ctx: Ctx,
): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const k in dv) {
    const d = dv[k];
    if (d === undefined) continue;
    const c = cv[k];
    const m = mergeValue(c, d, k, key, ctx);
    if (m !== c) {
      out ??= { ...cv };
      if (m === undefined) delete out[k];
      else out[k] = m;
    }
    // A live object holding this member already holds no other (the server validates one-ofs).
    if (c !== undefined || d === null) continue;
    const group = ctx.rules.exclusiveKeys.get(k);
    if (group === undefined) continue;
    for (const member of group) {
      if (member === k || dv[member] !== undefined || cv[member] === undefined) continue;
      out ??= { ...cv };
      delete out[member];
      ctx.changed = true;
    }
  }
  return out ?? cv;
}

/** Labels and annotations: desired keys win, owned keys not desired go, everyone else's stay. */
function mergeOwnedMap(
  cv: Record<string, unknown>,
  dv: Record<string, unknown>,
  ctx: Ctx,
): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const k in dv) {
    const d = dv[k];
    if (d === undefined) continue;
    if (d === null) {
      if (k in cv) {
        out ??= { ...cv };
        delete out[k];
        ctx.changed = true;
      }
    } else if (cv[k] !== d && !jsonEqual(d, cv[k])) {
      out ??= { ...cv };
      out[k] = d;
      ctx.changed = true;
    }
  }
  for (const k in cv) {
    if (dv[k] === undefined && ctx.rules.ownedKey(k)) {
      out ??= { ...cv };
      delete out[k];
      ctx.changed = true;
    }
  }
  return out ?? cv;
}

function quantityMapEqual(cv: Record<string, unknown>, dv: Record<string, unknown>): boolean {
  let defined = 0;
  for (const k in dv) {
    if (dv[k] === undefined) continue;
    defined++;
    if (!quantityEqual(cv[k], dv[k]) && !jsonEqual(dv[k], cv[k])) return false;
  }
  for (const k in cv) if (cv[k] !== undefined) defined--;
  return defined === 0;
}

function identityFieldOf(items: readonly unknown[]): string | undefined {
  if (items.length === 0 || !items.every(isPlainObject)) return undefined;
  for (const field of identityFields) if (isIdentity(items, field)) return field;
  return undefined;
}

/** Every item has a string or number `field`, and no two share it. */
function isIdentity(items: readonly Record<string, unknown>[], field: string): boolean {
  for (let i = 0; i < items.length; i++) {
    const id = items[i]?.[field];
    if (typeof id !== 'string' && typeof id !== 'number') return false;
    // Lists in objects are short: a quadratic scan beats allocating a Set.
    for (let j = 0; j < i; j++) if (items[j]?.[field] === id) return false;
  }
  return true;
}

/** Index in `cur` of the element whose `field` equals `id`: usually `hint`, the same position. */
function findById(cur: readonly unknown[], field: string, id: unknown, hint: number): number {
  const at = cur[hint];
  if (isPlainObject(at) && at[field] === id) return hint;
  for (let j = 0; j < cur.length; j++) {
    const item = cur[j];
    if (isPlainObject(item) && item[field] === id) return j;
  }
  return -1;
}

/** The desired list defines membership and order; each element merges with its live counterpart. */
function mergeArray(cv: unknown, dv: readonly unknown[], key: string, ctx: Ctx): unknown[] {
  if (!Array.isArray(cv)) {
    ctx.changed = true;
    return withoutNulls(dv) as unknown[];
  }
  const cur = cv as unknown[];
  if (cur.length !== dv.length) ctx.changed = true;
  const field = identityFieldOf(dv);
  let out: unknown[] | undefined;
  for (let i = 0; i < dv.length; i++) {
    const d = dv[i];
    const j = field === undefined ? i : findById(cur, field, (d as Record<string, unknown>)[field], i);
    if (j !== i) ctx.changed = true;
    const c = j >= 0 ? cur[j] : undefined;
    const m = mergeValue(c, d, key, key, ctx);
    if (out === undefined && (i >= cur.length || m !== cur[i] || j !== i)) out = cur.slice(0, i);
    if (out !== undefined) out.push(m === undefined ? null : m);
  }
  if (out === undefined && cur.length !== dv.length) out = cur.slice(0, dv.length);
  return out ?? cur;
}

/** Desired references replace their own uid's entry; other owners' references stay. */
function mergeOwnerReferences(cv: unknown, dv: readonly unknown[], ctx: Ctx): unknown[] {
  if (!Array.isArray(cv)) {
    ctx.changed = true;
    return dv as unknown[];
  }
  const cur = cv as OwnerReference[];
  const des = dv as OwnerReference[];
  const controller = des.find((r) => r.controller === true);
  const other = controller && cur.find((r) => r.controller === true && r.uid !== controller.uid);
  if (other) throw new AlreadyOwnedError(`object with owner ${controller.kind} ${controller.name}`, other);
  let out: unknown[] | undefined;
  for (const d of des) {
    const idx = cur.findIndex((c) => c.uid === d.uid);
    if (idx < 0) {
      out ??= [...cur];
      out.push(d);
      ctx.changed = true;
      continue;
    }
    const c = cur[idx] as unknown as Record<string, unknown>;
    const m = mergeStruct(c, d as unknown as Record<string, unknown>, 'ownerReferences', ctx);
    if (m !== c) {
      out ??= [...cur];
      out[idx] = m;
    }
  }
  return out ?? cur;
}

/** Finalizers are only ever added here; removal goes through removeFinalizer (a JSON patch). */
function mergeFinalizers(cv: unknown, dv: readonly unknown[], ctx: Ctx): unknown[] {
  if (!Array.isArray(cv)) {
    ctx.changed = true;
    return dv as unknown[];
  }
  const missing = dv.filter((f) => !(cv as unknown[]).includes(f));
  if (missing.length === 0) return cv as unknown[];
  ctx.changed = true;
  return [...(cv as unknown[]), ...missing];
}
