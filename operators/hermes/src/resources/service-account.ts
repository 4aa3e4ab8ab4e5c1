// ServiceAccount <name> (security.serviceAccount.create, default true). Annotations (IRSA,
// Workload Identity) are the instance's merged over HermesClusterDefaults'.
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';

export function serviceAccountFrom(input: BuildInput): KubeObject | undefined {
  const sa = input.spec.security?.serviceAccount;
  if (sa?.create === false) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: objectMeta(
      input.names.serviceAccount,
      input.namespace,
      labels(input.name, 'rbac'),
      input.owner,
      sa?.annotations,
    ),
    automountServiceAccountToken: sa?.automountToken ?? false,
  };
}

export const buildServiceAccount = fromInput(serviceAccountFrom);
