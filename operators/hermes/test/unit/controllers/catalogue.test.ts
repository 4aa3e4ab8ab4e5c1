// The condition catalogue and the generated files it feeds.
import { describe, expect, it } from 'vitest';
import { controllerGeneratedFiles } from '../../../src/controllers/codegen.ts';
import { CATALOGUES } from '../../../src/controllers/conditions.ts';
import { managerRules } from '../../../src/controllers/rbac.ts';

describe('condition catalogue', () => {
  it('documents every condition and reason in docs/conditions.md', () => {
    const doc = controllerGeneratedFiles().get('docs/conditions.md')!;
    for (const { kind, conditions } of CATALOGUES) {
      expect(doc).toContain(`## ${kind}`);
      for (const [type, entry] of Object.entries(conditions)) {
        expect(doc).toContain(`**${type}**`);
        for (const reason of Object.keys(entry.reasons)) {
          expect(reason).toMatch(/^[A-Z][A-Za-z]*$/);
          expect(doc).toContain(`\`${reason}\``);
        }
      }
    }
  });
});

describe('RBAC', () => {
  it('grants what the controllers write, and nothing on pods', () => {
    const rules = managerRules();
    const can = (group: string, resource: string, verb: string) =>
      rules.some(
        (r) => r.apiGroups.includes(group) && r.resources.includes(resource) && r.verbs.includes(verb),
      );
    expect(can('apps', 'statefulsets', 'update')).toBe(true);
    expect(can('', 'persistentvolumeclaims', 'create')).toBe(true);
    expect(can('hermes.agent', 'hermesinstances', 'patch')).toBe(true);
    expect(can('hermes.agent', 'hermesinstances/status', 'update')).toBe(true);
    expect(can('hermes.agent', 'hermesselfconfigs', 'delete')).toBe(true);
    expect(can('events.k8s.io', 'events', 'create')).toBe(true);
    expect(can('', 'pods', 'get')).toBe(false);
  });
});
