// Converts a TypeBox (JSON Schema 2020-12 flavoured) schema into the OpenAPI v3 subset that a
// structural CRD schema accepts. Keys come out sorted so the generated YAML is stable.
import type { JsonType, JSONSchemaProps, UnsupportedPolicy } from './types.ts';

type Node = Record<string, unknown>;

/** Kept as they are: OpenAPI v3 keywords Kubernetes understands. */
const KEPT = new Set([
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
  'multipleOf',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'required',
  'externalDocs',
]);

/** Annotations with no validation meaning: dropped silently. */
const DROPPED = new Set([
  '$id',
  '$schema',
  '$comment',
  '$anchor',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentEncoding',
  'contentMediaType',
]);

/** Keywords with validation meaning that Kubernetes cannot express. */
const UNSUPPORTED = new Set([
  '$ref',
  '$defs',
  'definitions',
  'if',
  'then',
  'else',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'dependentRequired',
  'dependentSchemas',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);

export class SchemaConversionError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path || '<root>'}: ${message}`);
    this.name = 'SchemaConversionError';
    this.path = path;
  }
}

export interface ConvertOptions {
  unsupported?: UnsupportedPolicy;
}

/** Converts `schema` (a TypeBox schema or plain JSON Schema object). Never mutates the input. */
export function toStructural(schema: unknown, options: ConvertOptions = {}): JSONSchemaProps {
  return sortKeys(convert(schema, '', options.unsupported ?? 'error')) as JSONSchemaProps;
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function scalarType(v: unknown): JsonType | undefined {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return undefined;
}

/** The single literal value a branch allows, if it is a literal (`const` or one-value enum). */
function literalOf(branch: Node): { value: unknown } | undefined {
  if ('const' in branch) return { value: branch.const };
  if (Array.isArray(branch.enum) && branch.enum.length === 1) return { value: branch.enum[0] };
  return undefined;
}

function enumType(values: unknown[], path: string): JsonType {
  const types = new Set(values.map((v) => (v === null ? 'null' : scalarType(v))));
  types.delete('null');
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  if (types.size !== 1) {
    throw new SchemaConversionError(path, `enum mixes value types (${[...types].join(', ')})`);
  }
  const [t] = types;
  if (t === undefined || t === 'null') throw new SchemaConversionError(path, 'enum has no scalar values');
  return t;
}

function convert(input: unknown, path: string, policy: UnsupportedPolicy): Node {
  if (input === true || (isNode(input) && Object.keys(input).length === 0)) {
    // `{}` / Type.Unknown(): anything goes, which Kubernetes spells as preserve-unknown-fields.
    return { 'x-kubernetes-preserve-unknown-fields': true };
  }
  if (!isNode(input)) throw new SchemaConversionError(path, `not a schema: ${JSON.stringify(input)}`);
  let node: Node = { ...input };

  for (const key of Object.keys(node)) {
    if (DROPPED.has(key)) delete node[key];
    else if (UNSUPPORTED.has(key)) {
      if (policy === 'drop') delete node[key];
      else throw new SchemaConversionError(path, `keyword '${key}' cannot be expressed in a CRD schema`);
    }
  }

  node = foldNullable(node, path);
  node = foldUnion(node, path, policy);
  node = foldAllOf(node, path, policy);

  if ('const' in node) {
    const t = scalarType(node.const);
    if (t === undefined) throw new SchemaConversionError(path, 'const must be a scalar');
    node.enum = [node.const];
    node.type ??= t;
    delete node.const;
  }
  if (Array.isArray(node.enum) && node.type === undefined) node.type = enumType(node.enum, path);

  for (const bound of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const v = node[bound];
    if (typeof v === 'number') {
      node[bound === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = v;
      node[bound] = true;
    }
  }

  if (isNode(node.patternProperties)) {
    const entries = Object.entries(node.patternProperties);
    if (entries.length !== 1 || node.additionalProperties !== undefined || node.properties !== undefined) {
      throw new SchemaConversionError(
        path,
        'patternProperties is only supported as a single pattern (a Record) without properties',
      );
    }
    const [pattern, value] = entries[0] as [string, unknown];
    if (pattern !== '^.*$' && pattern !== '.*' && policy === 'error') {
      throw new SchemaConversionError(path, `record key pattern '${pattern}' cannot be enforced by a CRD`);
    }
    node.additionalProperties = value;
    delete node.patternProperties;
  }
  if (node.additionalProperties === false) delete node.additionalProperties;
  if (node.additionalProperties === true) {
    delete node.additionalProperties;
    node['x-kubernetes-preserve-unknown-fields'] = true;
  }
  if (node.uniqueItems === true) {
    // Kubernetes forbids uniqueItems (quadratic); a set list type says the same.
    delete node.uniqueItems;
    node['x-kubernetes-list-type'] ??= 'set';
  }

  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-kubernetes-') || KEPT.has(key)) out[key] = value;
    else if (key === 'properties') {
      if (!isNode(value)) throw new SchemaConversionError(path, 'properties must be an object');
      const props: Node = {};
      for (const [name, child] of Object.entries(value))
        props[name] = convert(child, join(path, name), policy);
      out.properties = props;
    } else if (key === 'items') {
      if (Array.isArray(value)) throw new SchemaConversionError(path, 'tuple items are not supported');
      out.items = convert(value, `${path}[*]`, policy);
    } else if (key === 'additionalProperties') {
      out.additionalProperties = convert(value, `${path}.*`, policy);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      if (!Array.isArray(value)) throw new SchemaConversionError(path, `${key} must be a list`);
      out[key] = value.map((b, i) => convert(b, `${path}<${key}[${i}]>`, policy));
    } else if (key === 'not') {
      out.not = convert(value, `${path}<not>`, policy);
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum' || key === 'uniqueItems') {
      out[key] = value;
    } else if (policy === 'error') {
      throw new SchemaConversionError(path, `keyword '${key}' is not supported in a CRD schema`);
    }
  }
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  return out;
}

/** `anyOf: [X, {type: null}]` and `type: [X, 'null']` become X with `nullable: true`. */
function foldNullable(node: Node, path: string): Node {
  if (Array.isArray(node.type)) {
    const types = node.type.filter((t) => t !== 'null');
    if (types.length !== 1) throw new SchemaConversionError(path, `multiple types ${node.type.join(', ')}`);
    if (types.length !== node.type.length) node.nullable = true;
    node.type = types[0];
  }
  for (const junctor of ['anyOf', 'oneOf'] as const) {
    const branches = node[junctor];
    if (!Array.isArray(branches)) continue;
    const rest = branches.filter((b) => !(isNode(b) && b.type === 'null' && Object.keys(b).length === 1));
    if (rest.length !== branches.length) {
      node.nullable = true;
      node[junctor] = rest;
    }
  }
  return node;
}

/** Unions of literals become enums; integer|string becomes int-or-string; one branch is inlined. */
function foldUnion(node: Node, path: string, policy: UnsupportedPolicy): Node {
  for (const junctor of ['anyOf', 'oneOf'] as const) {
    const branches = node[junctor];
    if (!Array.isArray(branches)) continue;
    const nodes = branches.filter(isNode);
    const literals = nodes.map(literalOf);
    if (nodes.length === branches.length && literals.every((l) => l !== undefined)) {
      const values = literals.map((l) => l.value);
      delete node[junctor];
      node.enum = values;
      node.type ??= enumType(values, path);
      continue;
    }
    const types = new Set(nodes.map((b) => b.type));
    if (
      node['x-kubernetes-int-or-string'] === true ||
      (nodes.length === 2 && types.has('integer') && types.has('string'))
    ) {
      // Kubernetes accepts exactly this junctor shape beside int-or-string.
      node['x-kubernetes-int-or-string'] = true;
      node[junctor] = [{ type: 'integer' }, { type: 'string' }];
      delete node.type;
      continue;
    }
    if (branches.length === 1 && isNode(branches[0])) {
      delete node[junctor];
      return { ...branches[0], ...node };
    }
    // Branches that only add `required` (or CEL-free constraints without type) are valid junctors.
    if (nodes.every((b) => b.type === undefined && b.properties === undefined)) continue;
    if (policy === 'error') {
      throw new SchemaConversionError(
        path,
        `${junctor} of differently shaped types cannot be expressed structurally; ` +
          'use one object with optional fields and a CEL rule',
      );
    }
    delete node[junctor];
  }
  return node;
}

/** allOf of objects (TypeBox Intersect) is merged into one object. */
function foldAllOf(node: Node, path: string, policy: UnsupportedPolicy): Node {
  const branches = node.allOf;
  if (!Array.isArray(branches)) return node;
  const objects = branches.filter(isNode);
  if (objects.length !== branches.length || !objects.every((b) => b.type === 'object' || b.properties)) {
    if (objects.every((b) => b.type === undefined && b.properties === undefined)) return node;
    if (policy === 'error') throw new SchemaConversionError(path, 'allOf is only supported for objects');
    delete node.allOf;
    return node;
  }
  const properties: Node = { ...(isNode(node.properties) ? node.properties : {}) };
  const required = new Set<string>(Array.isArray(node.required) ? (node.required as string[]) : []);
  for (const b of objects) {
    for (const [k, v] of Object.entries(isNode(b.properties) ? b.properties : {})) {
      if (k in properties && JSON.stringify(properties[k]) !== JSON.stringify(v)) {
        throw new SchemaConversionError(join(path, k), 'allOf branches define this property differently');
      }
      properties[k] = v;
    }
    for (const r of Array.isArray(b.required) ? (b.required as string[]) : []) required.add(r);
  }
  delete node.allOf;
  return { ...node, type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
}

/** Recursively sorts object keys, leaving arrays in order; keeps `default`/`example` values too. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]);
  return out;
}
