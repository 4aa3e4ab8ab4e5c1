import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { parse } from 'yaml';
import { buildCrd, CrdDefinitionError } from '../../../src/crd/build-crd.ts';
import { crdToYaml } from '../../../src/crd/yaml.ts';
import { renderApiReference } from '../../../src/crd/api-reference.ts';
import { cel, withK8s } from '../../../src/crd/k8s-extensions.ts';
import type { CrdInput } from '../../../src/crd/types.ts';

const Shared = Type.Object({ name: Type.String({ description: 'Name.' }) }, { description: 'A ref.' });
const Widget = withK8s(
  Type.Object({
    spec: Type.Object(
      {
        size: Type.Integer({ minimum: 1, default: 1, description: 'Size.' }),
        a: Type.Optional(Shared),
        b: Type.Optional(Shared),
      },
      { description: 'Desired state.' },
    ),
    status: Type.Optional(
      Type.Object(
        { phase: Type.Optional(Type.String({ description: 'Phase.' })) },
        { description: 'Observed.' },
      ),
    ),
  }),
  { validations: [cel("self.metadata.name != 'forbidden'", 'name is reserved')] },
);

const input = (over: Partial<CrdInput> = {}): CrdInput => ({
  group: 'example.dev',
  kind: 'Widget',
  plural: 'widgets',
  shortNames: ['wd'],
  categories: ['things'],
  scope: 'Namespaced',
  versions: [
    {
      name: 'v1',
      served: true,
      storage: true,
      schema: Widget,
      printerColumns: [
        { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
        { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
      ],
      subresources: { status: true },
    },
  ],
  ...over,
});

describe('buildCrd', () => {
  it('produces a complete apiextensions.k8s.io/v1 CRD', () => {
    const crd = buildCrd(input());
    expect(crd.metadata.name).toBe('widgets.example.dev');
    expect(crd.spec.names).toEqual({
      kind: 'Widget',
      listKind: 'WidgetList',
      plural: 'widgets',
      singular: 'widget',
      shortNames: ['wd'],
      categories: ['things'],
    });
    const v = crd.spec.versions[0];
    expect(v?.subresources).toEqual({ status: {} });
    const root = v?.schema.openAPIV3Schema;
    expect(Object.keys(root?.properties ?? {})).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    expect(root?.required).toEqual(['spec']);
    expect(root?.['x-kubernetes-validations']).toEqual([
      { rule: "self.metadata.name != 'forbidden'", message: 'name is reserved' },
    ]);
    expect(crd.spec.conversion).toEqual({ strategy: 'None' });
  });

  it('configures a conversion webhook', () => {
    const crd = buildCrd(
      input({
        conversion: {
          webhook: { clientConfig: { service: { namespace: 'ns', name: 'svc', path: '/convert' } } },
        },
      }),
    );
    expect(crd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { service: { namespace: 'ns', name: 'svc', path: '/convert' } },
        conversionReviewVersions: ['v1'],
      },
    });
  });

  it('adds a scale subresource and selectable fields whose paths exist', () => {
    const scaled = input();
    scaled.versions[0]!.subresources = {
      status: true,
      scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.phase' },
    };
    scaled.versions[0]!.selectableFields = ['.spec.a.name'];
    const v = buildCrd(scaled).spec.versions[0]!;
    expect(v.subresources?.scale).toEqual({
      specReplicasPath: '.spec.size',
      statusReplicasPath: '.status.phase',
    });
    expect(v.selectableFields).toEqual([{ jsonPath: '.spec.a.name' }]);
    scaled.versions[0]!.subresources.scale!.specReplicasPath = '.spec.replicas';
    expect(() => buildCrd(scaled)).toThrow(
      /scale subresource: JSON path '.spec.replicas': no field 'replicas'/,
    );
  });

  it('rejects a printer column whose path names no field', () => {
    const bad = input();
    bad.versions[0]!.printerColumns = [{ name: 'X', type: 'string', jsonPath: '.status.phsae' }];
    expect(() => buildCrd(bad)).toThrow(/printer column 'X': JSON path '.status.phsae': no field 'phsae'/);
  });

  it('rejects bad names, storage versions and non-structural schemas with the path', () => {
    expect(() => buildCrd(input({ plural: 'Widgets' }))).toThrow(CrdDefinitionError);
    const two = input();
    two.versions.push({ ...two.versions[0]!, name: 'v2' });
    expect(() => buildCrd(two)).toThrow(/exactly one version must be the storage version/);
    const broken = input();
    broken.versions[0]!.schema = Type.Object({ spec: Type.Object({ x: Type.Integer({ default: 'no' }) }) });
    expect(() => buildCrd(broken)).toThrow(/spec\.x: default has type string, expected integer/);
  });

  it('writes stable YAML without anchors for shared sub-schemas', () => {
    const text = crdToYaml(buildCrd(input()), 'generated');
    expect(text.startsWith('# generated\n---\n')).toBe(true);
    expect(text).not.toMatch(/[&*]a\d/);
    expect(crdToYaml(buildCrd(input()), 'generated')).toBe(text);
    const parsed = parse(text.replace(/^#.*\n/, '')) as { spec: { versions: unknown[] } };
    expect(parsed.spec.versions).toHaveLength(1);
  });

  it('renders an API reference listing every field', () => {
    const md = renderApiReference([buildCrd(input())], { title: 'Widgets' });
    expect(md).toContain('## Widget');
    expect(md).toContain('| `spec.size` | integer | `1` | Size.<br>**required**; min 1 |');
    expect(md).toContain('| `spec.a.name` | string |  | Name.<br>**required** |');
  });
});
