import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStructural } from '@agent-operators/runtime/crd';
import type { CustomResourceDefinition, JSONSchemaProps } from '@agent-operators/runtime/crd';
import { hermesCrds, hermesInstanceCrd } from '../../../src/api/v1/crds.ts';
import { generatedFiles } from '../../../src/api/v1/codegen.ts';

const root = (crd: CustomResourceDefinition) => crd.spec.versions[0]!.schema.openAPIV3Schema;

/** Visits every node reachable through properties/items/additionalProperties with its path. */
function walk(s: JSONSchemaProps, path: string, visit: (s: JSONSchemaProps, path: string) => void): void {
  visit(s, path);
  for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${path}.${k}`, visit);
  if (s.items) walk(s.items, `${path}[]`, visit);
  if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.*`, visit);
}

function node(s: JSONSchemaProps, path: string): JSONSchemaProps {
  let cur: JSONSchemaProps | undefined = s;
  for (const part of path.split('.')) cur = part === '[]' ? cur?.items : cur?.properties?.[part];
  if (!cur) throw new Error(`no schema node ${path}`);
  return cur;
}

describe('hermes.agent/v1 CRDs', () => {
  const crds = hermesCrds();

  it('are structural', () => {
    for (const crd of crds) expect(() => checkStructural(root(crd)), crd.metadata.name).not.toThrow();
  });

  it('match the committed YAML and API reference (run make generate when this fails)', () => {
    for (const [rel, content] of generatedFiles()) {
      const committed = readFileSync(join(import.meta.dirname, '..', '..', '..', rel), 'utf8');
      expect(committed === content, `operators/hermes/${rel} is stale`).toBe(true);
    }
  });

  it('describe every field of spec and status (kubectl explain)', () => {
    const missing: string[] = [];
    for (const crd of crds) {
      for (const part of ['spec', 'status']) {
        walk(root(crd).properties![part]!, `${crd.spec.names.kind}.${part}`, (s, path) => {
          if (path.endsWith('[]') || path.endsWith('.*')) return; // the list or map itself is described
          if (!s.description?.trim()) missing.push(path);
        });
      }
    }
    expect(missing).toEqual([]);
  });

  it('have names, scopes, categories and printer columns as specified', () => {
    const [hi, hsc, hcd] = crds;
    expect(hi!.spec.names.shortNames).toEqual(['hi']);
    expect(hsc!.spec.names.shortNames).toEqual(['hsc']);
    expect(hcd!.spec.names.shortNames).toEqual(['hcd']);
    for (const crd of crds) {
      expect(crd.spec.names.categories).toEqual(['hermes', 'agents']);
      expect(crd.spec.versions.map((v) => [v.name, v.served, v.storage])).toEqual([['v1', true, true]]);
      expect(crd.spec.versions[0]!.subresources).toEqual({ status: {} });
    }
    expect(hcd!.spec.scope).toBe('Cluster');
    expect(hi!.spec.versions[0]!.additionalPrinterColumns!.map((c) => c.name)).toEqual([
      'Phase',
      'Ready',
      'Version',
      'Age',
      'Suspended',
    ]);
  });

  it('key lists for server-side apply', () => {
    const s = root(hermesInstanceCrd());
    const mapKeys = (path: string) => {
      const n = node(s, path);
      return [n['x-kubernetes-list-type'], n['x-kubernetes-list-map-keys']];
    };
    expect(mapKeys('spec.env')).toEqual(['map', ['name']]);
    expect(mapKeys('spec.initContainers')).toEqual(['map', ['name']]);
    expect(mapKeys('spec.sidecars')).toEqual(['map', ['name']]);
    expect(mapKeys('spec.extraVolumes')).toEqual(['map', ['name']]);
    expect(mapKeys('spec.extraVolumeMounts')).toEqual(['map', ['mountPath']]);
    expect(mapKeys('spec.workspace.files')).toEqual(['map', ['path']]);
    expect(mapKeys('status.conditions')).toEqual(['map', ['type']]);
    expect(node(s, 'spec.selfConfigure.allowedActions')['x-kubernetes-list-type']).toBe('set');
    expect(node(s, 'spec.sidecars.[]')['x-kubernetes-preserve-unknown-fields']).toBe(true);
  });

  it('carry the CEL rules the API server enforces', () => {
    const rules = (s: JSONSchemaProps) => (s['x-kubernetes-validations'] ?? []).map((r) => r.rule);
    const s = root(hermesInstanceCrd());
    expect(rules(s).some((r) => r.includes('oldSelf.status.restoredFrom'))).toBe(true);
    expect(rules(s).some((r) => r.includes('oldSelf.status.migrationCompleted'))).toBe(true);
    expect(rules(node(s, 'spec.config'))).toEqual(['has(self.raw) != has(self.configMapRef)']);
    expect(rules(node(s, 'spec.storage.storageClassName'))).toEqual(['self == oldSelf']);
    expect(rules(node(s, 'spec.storage.accessModes'))).toEqual(['self == oldSelf']);
    expect(rules(node(s, 'spec.selfConfigure'))[0]).toContain('size(self.protectedKeys) > 0');
    expect(rules(root(crds[2]!))).toEqual(["self.metadata.name == 'cluster'"]);
  });

  it('bound every list so CEL cost estimates stay within budget', () => {
    const unbounded: string[] = [];
    for (const crd of crds) {
      walk(root(crd), crd.spec.names.kind, (s, path) => {
        if (s.type === 'array' && s.maxItems === undefined) unbounded.push(path);
      });
    }
    expect(unbounded).toEqual([]);
  });
});
