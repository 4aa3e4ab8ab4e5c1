// Role <name> (security.rbac.create, default true): the agent may read its own HermesInstance,
// plus security.rbac.additionalRules (e.g. creating HermesSelfConfig objects).
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';

export function rbacEnabled(input: BuildInput): boolean {
  return input.spec.security?.rbac?.create ?? true;
}

export function roleFrom(input: BuildInput): KubeObject | undefined {
  if (!rbacEnabled(input)) return undefined;
  const rules: Json[] = [
    {
      apiGroups: ['hermes.agent'],
      resources: ['hermesinstances'],
      resourceNames: [input.name],
      verbs: ['get', 'watch'],
    },
    ...((input.spec.security?.rbac?.additionalRules ?? []) as Json[]),
  ];
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: objectMeta(input.names.role, input.namespace, labels(input.name, 'rbac'), input.owner),
    rules,
  };
}

export const buildRole = fromInput(roleFrom);
