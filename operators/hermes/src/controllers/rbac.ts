// What the operator may do, declared once: config/rbac/*.yaml (and the chart) are generated from
// this list and drift-checked, so the RBAC shipped always matches what the code needs.
import { MANAGED_KINDS } from '../resources/index.ts';

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

const READ = ['get', 'list', 'watch'];
const MANAGE = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

/** Plural resource names of the kinds the builders produce. */
const PLURALS: Record<string, string> = {
  ServiceAccount: 'serviceaccounts',
  Role: 'roles',
  RoleBinding: 'rolebindings',
  NetworkPolicy: 'networkpolicies',
  Secret: 'secrets',
  ConfigMap: 'configmaps',
  PersistentVolumeClaim: 'persistentvolumeclaims',
  Service: 'services',
  StatefulSet: 'statefulsets',
  Deployment: 'deployments',
  PodDisruptionBudget: 'poddisruptionbudgets',
  HorizontalPodAutoscaler: 'horizontalpodautoscalers',
  Ingress: 'ingresses',
  ServiceMonitor: 'servicemonitors',
  PrometheusRule: 'prometheusrules',
};

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** Children of instances: everything the builders produce, managed in full. */
function childRules(): PolicyRule[] {
  const byGroup = new Map<string, string[]>();
  for (const k of MANAGED_KINDS) {
    const plural = PLURALS[k.kind];
    if (!plural) throw new Error(`rbac: no plural for ${k.kind}; add it to PLURALS`);
    const group = groupOf(k.apiVersion);
    byGroup.set(group, [...(byGroup.get(group) ?? []), plural]);
  }
  return [...byGroup].map(([group, resources]) => ({ apiGroups: [group], resources, verbs: MANAGE }));
}

/** The cluster-wide permissions of the manager (ClusterRole hermes-operator-manager). */
export function managerRules(): PolicyRule[] {
  return normalizeRules([
    { apiGroups: ['hermes.agent'], resources: ['hermesinstances'], verbs: [...READ, 'patch'] },
    { apiGroups: ['hermes.agent'], resources: ['hermesselfconfigs'], verbs: [...READ, 'delete'] },
    { apiGroups: ['hermes.agent'], resources: ['hermesclusterdefaults'], verbs: READ },
    {
      apiGroups: ['hermes.agent'],
      resources: ['hermesinstances/status', 'hermesselfconfigs/status', 'hermesclusterdefaults/status'],
      verbs: ['get', 'update', 'patch'],
    },
    ...childRules(),
    // Instance Roles carry user-supplied security.rbac.additionalRules: granting rules the operator
    // does not hold itself needs escalate, and binding them needs bind (RBAC escalation checks).
    { apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'], verbs: ['escalate', 'bind'] },
    { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
    // Self-managed webhook certificates: the CA bundle goes into the webhook configurations.
    {
      apiGroups: ['admissionregistration.k8s.io'],
      resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'],
      verbs: ['get', 'list', 'watch', 'patch'],
    },
    {
      apiGroups: ['apiextensions.k8s.io'],
      resources: ['customresourcedefinitions'],
      verbs: ['get', 'list', 'watch'],
    },
  ]);
}

/** Leader election, in the lease namespace only (Role hermes-operator-leader-election). */
export function leaderElectionRules(): PolicyRule[] {
  return [
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: MANAGE },
    { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
  ];
}

/** Merges rules with the same groups and verbs, sorted, so the generated YAML is stable. */
export function normalizeRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const merged = new Map<string, PolicyRule>();
  for (const r of rules) {
    const id = JSON.stringify([[...r.apiGroups].sort(), [...r.verbs].sort()]);
    const prev = merged.get(id);
    merged.set(id, {
      apiGroups: [...r.apiGroups].sort(),
      resources: [...new Set([...(prev?.resources ?? []), ...r.resources])].sort(),
      verbs: [...r.verbs].sort(),
    });
  }
  return [...merged.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
