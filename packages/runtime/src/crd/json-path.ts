// Resolves the simple JSONPath expressions printer columns, scale and selectable fields use
// against a schema, so a typo fails generation instead of printing an empty column.
import type { JSONSchemaProps } from './types.ts';

/** Returns a problem description, or undefined when `path` names a field of `schema`. */
export function jsonPathViolation(schema: JSONSchemaProps, path: string): string | undefined {
  if (!path.startsWith('.')) return `JSON path '${path}' must start with '.'`;
  const segments = path.match(/\.[A-Za-z0-9_-]+|\[[^\]]*\]/g);
  if (!segments || segments.join('') !== path) return `JSON path '${path}' is not of the form .a.b[...]`;
  let node: JSONSchemaProps | undefined = schema;
  for (const seg of segments) {
    if (!node) break;
    if (node['x-kubernetes-preserve-unknown-fields'] === true && !node.properties) return undefined;
    if (seg.startsWith('[')) {
      if (node.type !== 'array' || !node.items) return `JSON path '${path}': '${seg}' indexes a non-list`;
      node = node.items;
      continue;
    }
    const name = seg.slice(1);
    if (path.startsWith('.metadata') && node === schema && name === 'metadata') return undefined;
    const next: JSONSchemaProps | undefined =
      node.properties?.[name] ??
      (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
    if (!next) return `JSON path '${path}': no field '${name}'`;
    node = next;
  }
  return undefined;
}
