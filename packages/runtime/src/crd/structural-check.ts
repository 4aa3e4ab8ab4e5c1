// Checks a schema against Kubernetes' rules for structural schemas (and the extension rules the
// API server enforces), so a broken CRD fails at generation time with the offending path named.
import type { JSONSchemaProps } from './types.ts';
import { defaultViolations } from './default-check.ts';

export class StructuralSchemaError extends Error {
  readonly violations: string[];
  constructor(violations: string[]) {
    super(`schema is not structural:\n  - ${violations.join('\n  - ')}`);
    this.name = 'StructuralSchemaError';
    this.violations = violations;
  }
}

const TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);
const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);
const ALLOWED_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'default',
  'example',
  'nullable',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'externalDocs',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-int-or-string',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
]);
/** Not allowed inside allOf/anyOf/oneOf/not (value validation only there). */
const FORBIDDEN_IN_JUNCTORS = [
  'description',
  'type',
  'default',
  'additionalProperties',
  'nullable',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
];
const REASONS = new Set([
  'FieldValueInvalid',
  'FieldValueForbidden',
  'FieldValueRequired',
  'FieldValueDuplicate',
]);
const METADATA_FIELDS = new Set(['name', 'generateName']);
const METADATA_RESTRICTIONS = new Set([
  'type',
  'description',
  'pattern',
  'maxLength',
  'minLength',
  'enum',
  'format',
]);

/** Throws StructuralSchemaError listing every violation; returns silently when structural. */
export function checkStructural(root: JSONSchemaProps): void {
  const violations = structuralViolations(root);
  if (violations.length) throw new StructuralSchemaError(violations);
}

/** Every violation as `<field path>: <problem>`; the root is `<root>`. */
export function structuralViolations(root: JSONSchemaProps): string[] {
  const out: string[] = [];
  if (root.type !== 'object') out.push('<root>: the root must have type object');
  if (root.default !== undefined) out.push('<root>: default is not allowed at the root');
  if (root.nullable) out.push('<root>: nullable is not allowed at the root');
  walk(root, '', { inJunctor: false, inMetadata: false }, out);
  checkRootMetadata(root, out);
  return out;
}

interface Ctx {
  inJunctor: boolean;
  inMetadata: boolean;
}

function label(path: string): string {
  return path || '<root>';
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function walk(s: JSONSchemaProps, path: string, ctx: Ctx, out: string[]): void {
  const at = label(path);
  for (const key of Object.keys(s)) {
    if (!ALLOWED_KEYS.has(key)) out.push(`${at}: keyword '${key}' is not allowed in a CRD schema`);
  }
  const preserve = s['x-kubernetes-preserve-unknown-fields'];
  const intOrString = s['x-kubernetes-int-or-string'] === true;

  if (ctx.inJunctor) {
    for (const key of FORBIDDEN_IN_JUNCTORS) {
      if (key in s) out.push(`${at}: '${key}' is not allowed inside allOf/anyOf/oneOf/not`);
    }
  } else {
    if (s.type === undefined && preserve !== true && !intOrString) {
      out.push(
        `${at}: must have a type (or x-kubernetes-preserve-unknown-fields / x-kubernetes-int-or-string)`,
      );
    }
  }
  if (s.type !== undefined && !TYPES.has(s.type)) out.push(`${at}: unknown type '${String(s.type)}'`);
  if (preserve === false) out.push(`${at}: x-kubernetes-preserve-unknown-fields must be true or absent`);
  if (intOrString && s.type !== undefined) out.push(`${at}: x-kubernetes-int-or-string must not set a type`);
  if (s.uniqueItems === true) out.push(`${at}: uniqueItems is forbidden; use x-kubernetes-list-type: set`);
  for (const bound of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    if (s[bound] !== undefined && typeof s[bound] !== 'boolean')
      out.push(`${at}: ${bound} must be a boolean`);
  }

  if (s.properties !== undefined && s.additionalProperties !== undefined) {
    out.push(`${at}: properties and additionalProperties are mutually exclusive`);
  }
  if (s.additionalProperties === false || s.additionalProperties === true) {
    out.push(`${at}: additionalProperties must be a schema (booleans are not structural)`);
  }
  if (
    (s.properties !== undefined || s.additionalProperties !== undefined) &&
    s.type !== 'object' &&
    !ctx.inJunctor
  ) {
    if (s.type !== undefined || preserve !== true) out.push(`${at}: properties need type object`);
  }
  if (s.items !== undefined && s.type !== 'array' && !ctx.inJunctor) out.push(`${at}: items need type array`);
  if (s.type === 'array' && s.items === undefined) out.push(`${at}: an array must define items`);
  if (s.required) {
    for (const r of s.required) {
      if (s.properties && !(r in s.properties) && !ctx.inJunctor) {
        out.push(`${at}: required field '${r}' is not among the properties`);
      }
    }
  }
  if (s.enum !== undefined) {
    for (const v of s.enum) {
      if (v === null && s.nullable) continue;
      if (!matchesType(v, s.type))
        out.push(`${at}: enum value ${JSON.stringify(v)} does not match type ${s.type}`);
    }
  }

  checkExtensions(s, at, out);
  checkValidations(s, at, out);

  if (s.default !== undefined) {
    if (ctx.inJunctor) {
      // reported above
    } else if (ctx.inMetadata) out.push(`${at}: defaults are not allowed in metadata`);
    else out.push(...defaultViolations(s, s.default, at));
  }

  const childCtx: Ctx = { inJunctor: ctx.inJunctor, inMetadata: ctx.inMetadata };
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    const isMeta = name === 'metadata' && (path === '' || s['x-kubernetes-embedded-resource'] === true);
    walk(child, join(path, name), { ...childCtx, inMetadata: ctx.inMetadata || isMeta }, out);
  }
  if (s.items) walk(s.items, `${path}[*]`, childCtx, out);
  if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.*`, childCtx, out);

  for (const junctor of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = s[junctor];
    if (!branches) continue;
    branches.forEach((b, i) => {
      if (intOrString && junctor !== 'allOf' && isIntOrStringBranch(b)) return;
      walk(b, `${path}<${junctor}[${i}]>`, { ...childCtx, inJunctor: true }, out);
      checkSpecifiedOutside(s, b, at, junctor, out);
    });
  }
  if (s.not) {
    walk(s.not, `${path}<not>`, { ...childCtx, inJunctor: true }, out);
    checkSpecifiedOutside(s, s.not, at, 'not', out);
  }
}

function isIntOrStringBranch(b: JSONSchemaProps): boolean {
  const keys = Object.keys(b);
  return keys.length === 1 && (b.type === 'integer' || b.type === 'string');
}

/** Fields/items named inside a junctor must also be specified outside it. */
function checkSpecifiedOutside(
  outer: JSONSchemaProps,
  branch: JSONSchemaProps,
  at: string,
  junctor: string,
  out: string[],
): void {
  for (const name of Object.keys(branch.properties ?? {})) {
    if (!outer.properties?.[name])
      out.push(`${at}: field '${name}' inside ${junctor} is not specified outside it`);
  }
  if (branch.items && !outer.items) out.push(`${at}: items inside ${junctor} are not specified outside it`);
}

function matchesType(v: unknown, type: string | undefined): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array':
      return Array.isArray(v);
    default:
      return true;
  }
}

function checkExtensions(s: JSONSchemaProps, at: string, out: string[]): void {
  const listType = s['x-kubernetes-list-type'];
  const keys = s['x-kubernetes-list-map-keys'];
  if (listType !== undefined) {
    if (s.type !== 'array') out.push(`${at}: x-kubernetes-list-type needs type array`);
    if (!['atomic', 'set', 'map'].includes(listType))
      out.push(`${at}: unknown x-kubernetes-list-type '${listType}'`);
  }
  if (keys !== undefined && listType !== 'map')
    out.push(`${at}: x-kubernetes-list-map-keys needs list-type map`);
  const items = s.items;
  if (listType === 'map') {
    if (!keys || keys.length === 0) out.push(`${at}: list-type map needs x-kubernetes-list-map-keys`);
    if (items && items.type !== 'object') out.push(`${at}: list-type map needs object items`);
    for (const key of keys ?? []) {
      const prop = items?.properties?.[key];
      if (!prop) {
        out.push(`${at}: list map key '${key}' is not a property of the items`);
        continue;
      }
      if (!prop.type || !SCALARS.has(prop.type)) out.push(`${at}: list map key '${key}' must be a scalar`);
      if (!items?.required?.includes(key) && prop.default === undefined) {
        out.push(`${at}: list map key '${key}' must be required or have a default`);
      }
    }
  }
  if (listType === 'set' && items) {
    const atomicItem =
      items['x-kubernetes-map-type'] === 'atomic' || items['x-kubernetes-list-type'] === 'atomic';
    if (!(items.type && SCALARS.has(items.type)) && !atomicItem) {
      out.push(`${at}: list-type set needs scalar (or atomic) items`);
    }
  }
  const mapType = s['x-kubernetes-map-type'];
  if (mapType !== undefined) {
    if (s.type !== 'object') out.push(`${at}: x-kubernetes-map-type needs type object`);
    if (!['atomic', 'granular'].includes(mapType))
      out.push(`${at}: unknown x-kubernetes-map-type '${mapType}'`);
  }
  if (s['x-kubernetes-embedded-resource'] === true) {
    if (s.type !== 'object') out.push(`${at}: x-kubernetes-embedded-resource needs type object`);
    if (!s.properties && s['x-kubernetes-preserve-unknown-fields'] !== true) {
      out.push(`${at}: an embedded resource needs properties or x-kubernetes-preserve-unknown-fields`);
    }
  }
}

function checkValidations(s: JSONSchemaProps, at: string, out: string[]): void {
  const rules = s['x-kubernetes-validations'];
  if (rules === undefined) return;
  if (!Array.isArray(rules)) {
    out.push(`${at}: x-kubernetes-validations must be a list`);
    return;
  }
  rules.forEach((r, i) => {
    const where = `${at}: x-kubernetes-validations[${i}]`;
    if (typeof r.rule !== 'string' || r.rule.trim() === '') out.push(`${where} needs a non-empty rule`);
    if (r.message !== undefined && (r.message.trim() === '' || /[\r\n]/.test(r.message))) {
      out.push(`${where}: message must be non-empty and on one line`);
    }
    if (r.messageExpression !== undefined && r.messageExpression.trim() === '') {
      out.push(`${where}: messageExpression must be non-empty`);
    }
    if (r.reason !== undefined && !REASONS.has(r.reason)) out.push(`${where}: unknown reason '${r.reason}'`);
    if (
      r.fieldPath !== undefined &&
      !/^(\.[A-Za-z_][A-Za-z0-9_-]*|\['[^']+'\]|\[[0-9]+\])+$/.test(r.fieldPath)
    ) {
      out.push(`${where}: fieldPath '${r.fieldPath}' must be a relative path such as .spec.field`);
    }
    for (const key of Object.keys(r)) {
      if (!['rule', 'message', 'messageExpression', 'fieldPath', 'reason', 'optionalOldSelf'].includes(key)) {
        out.push(`${where}: unknown key '${key}'`);
      }
    }
  });
}

/** Only name/generateName may be restricted in the root's metadata. */
function checkRootMetadata(root: JSONSchemaProps, out: string[]): void {
  const meta = root.properties?.metadata;
  if (!meta) return;
  for (const key of Object.keys(meta)) {
    // The API server compares metadata against an empty schema after removing type and
    // name/generateName, so even a description is rejected.
    if (!['type', 'properties'].includes(key)) {
      out.push(
        `metadata: only restrictions on metadata.name and metadata.generateName are allowed ('${key}')`,
      );
    }
  }
  if (meta.type !== 'object') out.push('metadata: must have type object');
  for (const [name, prop] of Object.entries(meta.properties ?? {})) {
    if (!METADATA_FIELDS.has(name)) {
      out.push(`metadata.${name}: only metadata.name and metadata.generateName may be specified`);
      continue;
    }
    for (const key of Object.keys(prop)) {
      if (!METADATA_RESTRICTIONS.has(key)) out.push(`metadata.${name}: '${key}' is not allowed in metadata`);
    }
    if (prop.type !== 'string') out.push(`metadata.${name}: must have type string`);
  }
}
