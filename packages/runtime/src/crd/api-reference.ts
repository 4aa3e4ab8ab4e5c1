// Renders a Markdown API reference from generated CRDs: one table per kind listing every field
// with its type, default, constraints and description (the same text `kubectl explain` shows).
import type { CustomResourceDefinition, JSONSchemaProps } from './types.ts';

export interface ApiReferenceOptions {
  title: string;
  intro?: string;
}

export function renderApiReference(crds: CustomResourceDefinition[], opts: ApiReferenceOptions): string {
  const lines: string[] = [`# ${opts.title}`, ''];
  lines.push('<!-- Generated from the TypeBox schemas; do not edit by hand. -->', '');
  if (opts.intro) lines.push(opts.intro, '');
  for (const crd of crds) {
    const { kind } = crd.spec.names;
    lines.push(`- [${kind}](#${kind.toLowerCase()})`);
  }
  lines.push('');
  for (const crd of crds) {
    for (const version of crd.spec.versions.filter((v) => v.served)) {
      lines.push(
        ...renderKind(crd, version.name, version.schema.openAPIV3Schema, version.additionalPrinterColumns),
      );
    }
  }
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

function renderKind(
  crd: CustomResourceDefinition,
  version: string,
  schema: JSONSchemaProps,
  columns: CustomResourceDefinition['spec']['versions'][number]['additionalPrinterColumns'],
): string[] {
  const { names, group, scope } = crd.spec;
  const out = [`## ${names.kind}`, ''];
  if (schema.description) out.push(schema.description, '');
  out.push(`- API version: \`${group}/${version}\``);
  out.push(`- Scope: ${scope}`);
  out.push(
    `- Resource: \`${names.plural}\`${names.shortNames ? ` (short names: ${names.shortNames.map((n) => `\`${n}\``).join(', ')})` : ''}`,
  );
  if (names.categories) out.push(`- Categories: ${names.categories.map((c) => `\`${c}\``).join(', ')}`);
  if (columns?.length)
    out.push(`- Printer columns: ${columns.map((c) => `${c.name} (\`${c.jsonPath}\`)`).join(', ')}`);
  out.push('');
  const rootRules = rules(schema);
  if (rootRules) out.push(`Object-level rules: ${rootRules}`, '');
  for (const part of ['spec', 'status']) {
    const node = schema.properties?.[part];
    if (!node) continue;
    out.push(
      `### ${names.kind}.${part}`,
      '',
      '| Field | Type | Default | Description |',
      '|---|---|---|---|',
    );
    rows(node, part, out);
    out.push('');
  }
  return out;
}

function typeName(s: JSONSchemaProps): string {
  if (s['x-kubernetes-int-or-string']) return 'int-or-string';
  if (s.type === 'array') {
    const item = s.items ? typeName(s.items) : 'any';
    const lt = s['x-kubernetes-list-type'];
    const keys = s['x-kubernetes-list-map-keys'];
    return `[]${item}${lt === 'map' && keys ? ` (map, keys: ${keys.join(', ')})` : lt === 'set' ? ' (set)' : ''}`;
  }
  if (s.type === 'object' && typeof s.additionalProperties === 'object') {
    return `map[string]${typeName(s.additionalProperties)}`;
  }
  if (s['x-kubernetes-preserve-unknown-fields'] && !s.properties)
    return s.type ? `${s.type} (free-form)` : 'any';
  return s.type ?? 'any';
}

function esc(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function rules(s: JSONSchemaProps): string {
  return (s['x-kubernetes-validations'] ?? [])
    .map((r) => `\`${esc(r.rule)}\`${r.message ? ` (${esc(r.message)})` : ''}`)
    .join('; ');
}

function constraints(s: JSONSchemaProps, required: boolean): string {
  const c: string[] = [];
  if (required) c.push('**required**');
  if (s.enum) c.push(`one of: ${s.enum.map((e) => `\`${String(e)}\``).join(', ')}`);
  if (s.minimum !== undefined) c.push(`min ${s.minimum}${s.exclusiveMinimum ? ' (exclusive)' : ''}`);
  if (s.maximum !== undefined) c.push(`max ${s.maximum}${s.exclusiveMaximum ? ' (exclusive)' : ''}`);
  if (s.minLength !== undefined) c.push(`minLength ${s.minLength}`);
  if (s.maxLength !== undefined) c.push(`maxLength ${s.maxLength}`);
  if (s.minItems !== undefined) c.push(`minItems ${s.minItems}`);
  if (s.maxItems !== undefined) c.push(`maxItems ${s.maxItems}`);
  if (s.pattern) c.push(`pattern \`${esc(s.pattern)}\``);
  if (s.format) c.push(`format ${s.format}`);
  const r = rules(s);
  if (r) c.push(`rules: ${r}`);
  return c.join('; ');
}

function rows(s: JSONSchemaProps, path: string, out: string[], required = false): void {
  const def = s.default === undefined ? '' : `\`${esc(JSON.stringify(s.default))}\``;
  const extra = constraints(s, required);
  const desc = esc(s.description ?? '') + (extra ? `<br>${extra}` : '');
  out.push(`| \`${path}\` | ${esc(typeName(s))} | ${def} | ${desc} |`);
  const req = new Set(s.required ?? []);
  for (const [name, child] of Object.entries(s.properties ?? {}))
    rows(child, `${path}.${name}`, out, req.has(name));
  if (s.items?.properties) {
    const itemReq = new Set(s.items.required ?? []);
    for (const [name, child] of Object.entries(s.items.properties)) {
      rows(child, `${path}[].${name}`, out, itemReq.has(name));
    }
  }
  const ap = s.additionalProperties;
  if (typeof ap === 'object' && ap.properties) {
    for (const [name, child] of Object.entries(ap.properties)) rows(child, `${path}.<key>.${name}`, out);
  }
}
