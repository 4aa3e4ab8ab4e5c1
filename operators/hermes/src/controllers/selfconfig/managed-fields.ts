// The fields one field manager owns, read back from an object's managedFields (client-go's
// Extract<Kind> helpers). A server-side apply replaces the manager's whole field set, so the
// HermesSelfConfig controller applies "what it owned before + the new request": without this,
// each request would remove the fields earlier (possibly already cleaned-up) requests applied.
import type { KubeObject } from '@agent-operators/runtime/client';

interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  subresource?: string;
  fieldsType?: string;
  fieldsV1?: Record<string, unknown>;
}

type FieldSet = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fieldsV1 set `manager` holds through Apply on the main resource (not /status), if any. */
export function appliedFieldSet(obj: KubeObject, manager: string): FieldSet | undefined {
  const entries = (obj.metadata.managedFields ?? []) as ManagedFieldsEntry[];
  const entry = entries.find(
    (e) => e.manager === manager && e.operation === 'Apply' && !e.subresource && e.fieldsType === 'FieldsV1',
  );
  return entry?.fieldsV1 && isObject(entry.fieldsV1) ? entry.fieldsV1 : undefined;
}

function childKeys(set: FieldSet): string[] {
  return Object.keys(set).filter((k) => k !== '.');
}

function matchesKey(item: unknown, key: Record<string, unknown>): boolean {
  if (!isObject(item)) return false;
  return Object.entries(key).every(([k, v]) => JSON.stringify(item[k]) === JSON.stringify(v));
}

/** The part of `value` the field set covers. */
export function extractFields(value: unknown, set: FieldSet): unknown {
  if (childKeys(set).length === 0) return structuredClone(value);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [key, sub] of Object.entries(set)) {
      if (key === '.' || !isObject(sub)) continue;
      const body = key.slice(2);
      if (key.startsWith('k:')) {
        const keyObj = JSON.parse(body) as Record<string, unknown>;
        const item: unknown = value.find((i) => matchesKey(i, keyObj));
        if (item !== undefined) out.push(extractFields(item, sub));
      } else if (key.startsWith('v:')) {
        const v = JSON.parse(body) as unknown;
        if (value.some((i) => JSON.stringify(i) === JSON.stringify(v))) out.push(v);
      } else if (key.startsWith('i:')) {
        const item: unknown = value[Number(body)];
        if (item !== undefined) out.push(extractFields(item, sub));
      }
    }
    return out;
  }
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(set)) {
      if (!key.startsWith('f:') || !isObject(sub)) continue;
      const name = key.slice(2);
      if (!(name in value)) continue;
      out[name] = extractFields(value[name], sub);
    }
    return out;
  }
  return structuredClone(value);
}

/** The object restricted to what `manager` applied: an apply configuration it can re-send as is. */
export function extractApplied(obj: KubeObject, manager: string): Record<string, unknown> {
  const set = appliedFieldSet(obj, manager);
  if (!set) return {};
  const { metadata: _m, apiVersion: _a, kind: _k, ...rest } = obj;
  const out = extractFields(rest, set);
  return isObject(out) ? out : {};
}
