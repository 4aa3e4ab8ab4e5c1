// The Secrets and ConfigMaps an instance spec references, found by walking the resolved spec:
// every `secretRef`/`secretKeyRef`/`*SecretRef` and `configMapRef(s)`/`configMapKeyRef`/
// `*ConfigMapRef`/`caBundle` object with a name. Generic on purpose: a new field that follows the
// naming convention is covered without touching the controller.

export interface ObjectKeyRef {
  name: string;
  /** The key the spec names, when it names one. */
  key?: string;
  /** `optional: true` references (envFrom, valueFrom) may be missing without harm. */
  optional?: boolean;
}

export interface References {
  secrets: ObjectKeyRef[];
  configMaps: ObjectKeyRef[];
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function isSecretField(key: string): boolean {
  return key === 'secretRef' || key === 'secretKeyRef' || key.endsWith('SecretRef');
}

function isConfigMapField(key: string): boolean {
  return (
    key === 'configMapRef' ||
    key === 'configMapKeyRef' ||
    key === 'configMapRefs' ||
    key.endsWith('ConfigMapRef') ||
    key === 'caBundle'
  );
}

function asRef(v: unknown): ObjectKeyRef | undefined {
  if (!isObject(v) || typeof v['name'] !== 'string' || !v['name']) return undefined;
  const ref: ObjectKeyRef = { name: v['name'] };
  if (typeof v['key'] === 'string') ref.key = v['key'];
  if (v['optional'] === true) ref.optional = true;
  return ref;
}

function walk(value: unknown, out: References): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, out);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, v] of Object.entries(value)) {
    const target = isSecretField(key) ? out.secrets : isConfigMapField(key) ? out.configMaps : undefined;
    if (target) {
      for (const item of Array.isArray(v) ? v : [v]) {
        const ref = asRef(item);
        if (ref) target.push(ref);
      }
      continue;
    }
    walk(v, out);
  }
}

export function referencedObjects(spec: unknown): References {
  const out: References = { secrets: [], configMaps: [] };
  walk(spec, out);
  return out;
}

/** Distinct names, sorted (the digest must not depend on spec order). */
export function referencedNames(refs: readonly ObjectKeyRef[]): string[] {
  return [...new Set(refs.map((r) => r.name))].sort();
}
