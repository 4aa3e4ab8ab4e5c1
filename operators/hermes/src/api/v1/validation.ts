// Schema validation with field paths (spec.storage.size), for the admission webhook and the render
// CLI. It checks what the TypeBox schema says; the CEL rules are enforced by the API server.
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import { SCHEMAS } from './kinds.ts';
import type { HermesKind } from './kinds.ts';

export interface FieldError {
  /** Dotted path with list indexes, e.g. `spec.env[2].name`; `<root>` for the object itself. */
  path: string;
  message: string;
}

const validators = new Map<HermesKind, Validator>();

function validatorFor(kind: HermesKind): Validator {
  let v = validators.get(kind);
  if (!v) {
    v = Compile(SCHEMAS[kind]);
    validators.set(kind, v);
  }
  return v;
}

/** `/spec/env/2/name` -> `spec.env[2].name` (JSON Pointer unescaped). */
export function pointerToPath(pointer: string, child?: string): string {
  const parts =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const p of parts) {
    if (/^[0-9]+$/.test(p)) out += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out || '<root>';
}

/** Every schema violation of `value` as a `kind`, one per field and problem. */
export function validate(kind: HermesKind, value: unknown): FieldError[] {
  const v = validatorFor(kind);
  if (v.Check(value)) return [];
  const raw = v.Errors(value);
  // A union (int-or-string) reports each failed branch; say it once.
  const unionPaths = new Set(raw.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const out: FieldError[] = [];
  for (const e of raw) {
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'anyOf') {
      out.push({ path: pointerToPath(e.instancePath), message: 'must be an integer or a string' });
    } else if (unionPaths.has(e.instancePath) && /\/anyOf\/[0-9]+$/.test(e.schemaPath)) {
      continue;
    } else if (e.keyword === 'required') {
      for (const name of (params.requiredProperties as string[] | undefined) ?? []) {
        out.push({ path: pointerToPath(e.instancePath, name), message: 'is required' });
      }
    } else if (e.keyword === 'additionalProperties') {
      for (const name of (params.additionalProperties as string[] | undefined) ?? []) {
        out.push({ path: pointerToPath(e.instancePath, name), message: 'is not a known field' });
      }
    } else if (e.keyword === 'boolean') {
      out.push({ path: pointerToPath(e.instancePath), message: 'is not a known field' });
    } else if (e.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? [];
      out.push({
        path: pointerToPath(e.instancePath),
        message: `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`,
      });
    } else {
      out.push({ path: pointerToPath(e.instancePath), message: e.message });
    }
  }
  const seen = new Set<string>();
  return out.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const validateHermesInstance = (value: unknown) => validate('HermesInstance', value);
export const validateHermesSelfConfig = (value: unknown) => validate('HermesSelfConfig', value);
export const validateHermesClusterDefaults = (value: unknown) => validate('HermesClusterDefaults', value);

/** Formats errors one per line: `spec.storage.size: must match pattern ...`. */
export function formatErrors(errors: FieldError[]): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('\n');
}
