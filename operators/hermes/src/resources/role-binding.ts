// RoleBinding <name>: binds the Role to the agent's service account.
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';
import { rbacEnabled } from './role.ts';

export function roleBindingFrom(input: BuildInput): KubeObject | undefined {
  if (!rbacEnabled(input)) return undefined;
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: objectMeta(input.names.roleBinding, input.namespace, labels(input.name, 'rbac'), input.owner),
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: input.names.role },
    subjects: [{ kind: 'ServiceAccount', name: input.names.serviceAccount, namespace: input.namespace }],
  };
}

export const buildRoleBinding = fromInput(roleBindingFrom);
