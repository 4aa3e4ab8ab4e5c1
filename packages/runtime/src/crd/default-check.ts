// Checks a default value the way the API server does when it accepts a CRD: the value must
// validate against its schema node and survive pruning (no fields the schema would drop).
import type { JSONSchemaProps } from './types.ts';

export function defaultViolations(schema: JSONSchemaProps, value: unknown, at: string): string[] {
  const out: string[] = [];
  check(schema, value, at, 'default', out);
  return out;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (Number.isInteger(v)) return 'integer';
  return typeof v;
}

function check(s: JSONSchemaProps, v: unknown, at: string, where: string, out: string[]): void {
  const bad = (msg: string) => out.push(`${at}: ${where} ${msg}`);
  if (v === null) {
    if (!s.nullable) bad('is null but the field is not nullable');
    return;
  }
  if (s['x-kubernetes-int-or-string'] === true) {
    if (typeof v !== 'string' && !Number.isInteger(v)) bad('must be an integer or a string');
    else if (typeof v === 'string' && s.pattern && !new RegExp(s.pattern, 'u').test(v)) {
      bad(`does not match pattern ${s.pattern}`);
    }
    return;
  }
  const t = typeOf(v);
  if (s.type !== undefined) {
    const ok = s.type === t || (s.type === 'number' && t === 'integer');
    if (!ok) {
      bad(`has type ${t}, expected ${s.type}`);
      return;
    }
  }
  if (s.enum && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) {
    bad(`${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum))
      bad(`is below the minimum`);
    if (s.maximum !== undefined && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum))
      bad(`is above the maximum`);
  }
  if (typeof v === 'string') {
    const len = [...v].length;
    if (s.minLength !== undefined && len < s.minLength) bad('is shorter than minLength');
    if (s.maxLength !== undefined && len > s.maxLength) bad('is longer than maxLength');
    if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) bad(`does not match pattern ${s.pattern}`);
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) bad('has fewer items than minItems');
    if (s.maxItems !== undefined && v.length > s.maxItems) bad('has more items than maxItems');
    if (s.items) v.forEach((item, i) => check(s.items as JSONSchemaProps, item, `${at}[${i}]`, where, out));
    return;
  }
  if (t === 'object') {
    const obj = v as Record<string, unknown>;
    if (s['x-kubernetes-preserve-unknown-fields'] === true && !s.properties && !s.additionalProperties)
      return;
    for (const r of s.required ?? []) {
      // Nested defaults fill required fields before validation, as the API server does.
      if (!(r in obj) && s.properties?.[r]?.default === undefined) bad(`lacks required field '${r}'`);
    }
    for (const [k, child] of Object.entries(obj)) {
      const prop = s.properties?.[k];
      const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
      if (prop) check(prop, child, `${at}.${k}`, where, out);
      else if (extra) check(extra, child, `${at}.${k}`, where, out);
      else if (s['x-kubernetes-preserve-unknown-fields'] !== true)
        bad(`has field '${k}' that pruning would drop`);
    }
  }
}
