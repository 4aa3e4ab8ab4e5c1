// Names of the children of an instance. Derived names stay within Kubernetes limits: 63 characters
// for DNS labels (Services), 52 for StatefulSets (their pods carry a `<name>-<10-char hash>`
// revision label). A name that would be too long keeps a prefix and a stable hash of the full name.
import { createHash } from 'node:crypto';

export const MAX_NAME = 63;
export const MAX_STATEFULSET_NAME = 52;

/** `<base>-<suffix>`, shortened deterministically when longer than `max`. */
export function childName(base: string, suffix: string, max = MAX_NAME): string {
  const full = suffix ? `${base}-${suffix}` : base;
  if (full.length <= max) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  const keep = Math.max(1, max - suffix.length - hash.length - (suffix ? 2 : 1));
  const prefix = base.slice(0, keep).replace(/-+$/, '');
  return suffix ? `${prefix}-${hash}-${suffix}` : `${prefix}-${hash}`;
}

/** Every name an instance's children use, computed once per build. */
export interface ChildNames {
  instance: string;
  statefulSet: string;
  service: string;
  serviceAccount: string;
  role: string;
  roleBinding: string;
  networkPolicy: string;
  apiKeySecret: string;
  configMap: string;
  workspaceConfigMap: string;
  dataClaim: string;
  ollamaClaim: string;
  pdb: string;
  hpa: string;
  ingress: string;
  serviceMonitor: string;
  prometheusRule: string;
  honchoApi: string;
  honchoDeriver: string;
  honchoPostgres: string;
  honchoPostgresInit: string;
  honchoRedis: string;
  honchoSecret: string;
  honchoNetworkPolicy: string;
}

export function childNames(name: string, serviceAccountName?: string): ChildNames {
  return {
    instance: name,
    statefulSet: childName(name, '', MAX_STATEFULSET_NAME),
    service: childName(name, ''),
    serviceAccount: serviceAccountName ?? childName(name, ''),
    role: childName(name, ''),
    roleBinding: childName(name, ''),
    networkPolicy: childName(name, ''),
    apiKeySecret: childName(name, 'api-key'),
    configMap: childName(name, 'config'),
    workspaceConfigMap: childName(name, 'workspace'),
    dataClaim: childName(name, 'data'),
    ollamaClaim: childName(name, 'ollama'),
    pdb: childName(name, ''),
    hpa: childName(name, ''),
    ingress: childName(name, ''),
    serviceMonitor: childName(name, ''),
    prometheusRule: childName(name, ''),
    honchoApi: childName(name, 'honcho'),
    honchoDeriver: childName(name, 'honcho-deriver'),
    honchoPostgres: childName(name, 'honcho-postgres', MAX_STATEFULSET_NAME),
    honchoPostgresInit: childName(name, 'honcho-postgres-init'),
    honchoRedis: childName(name, 'honcho-redis'),
    honchoSecret: childName(name, 'honcho-credentials'),
    honchoNetworkPolicy: childName(name, 'honcho'),
  };
}
