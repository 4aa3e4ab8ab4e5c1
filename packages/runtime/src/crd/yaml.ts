// Serialises CRDs as YAML. Insertion order is already canonical (buildCrd builds it that way and
// schemas are key-sorted), so the output is stable; shared sub-schemas are written out in full.
import { stringify } from 'yaml';
import type { CustomResourceDefinition } from './types.ts';

export function toYaml(value: unknown): string {
  return stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
}

export function crdToYaml(crd: CustomResourceDefinition, header?: string): string {
  const prefix = header
    ? header
        .split('\n')
        .map((l) => `# ${l}`.trimEnd())
        .join('\n') + '\n'
    : '';
  return `${prefix}---\n${toYaml(crd)}`;
}
