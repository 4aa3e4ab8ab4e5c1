// The pure resource builders of hermes-operator: every child of a HermesInstance, one file per
// kind, and buildAll returning the desired set in apply order (identity and policy first, then
// credentials, config and storage, the companions the agent depends on, the agent, and what
// exposes and watches it).
import type { HermesClusterDefaults } from '../api/v1/hermes-cluster-defaults.ts';
import type { BuildContext } from './context.ts';
import { renderConfig } from './config-render.ts';
import { configConfigMapFrom } from './configmap-config.ts';
import { workspaceConfigMapFrom } from './configmap-workspace.ts';
import { honchoApiFrom, honchoApiServiceFrom } from './honcho/api.ts';
import { honchoDeriverFrom } from './honcho/deriver.ts';
import { honchoNetworkPolicyFrom } from './honcho/network-policy.ts';
import {
  honchoPostgresClaimFrom,
  honchoPostgresFrom,
  honchoPostgresInitFrom,
  honchoPostgresServiceFrom,
} from './honcho/postgres.ts';
import { honchoRedisFrom, honchoRedisServiceFrom } from './honcho/redis.ts';
import { honchoSecretFrom } from './honcho/secret.ts';
import { hpaFrom } from './hpa.ts';
import { ingressFrom } from './ingress.ts';
import { buildInput } from './input.ts';
import type { BuildInput, InstanceObject } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { networkPolicyFrom } from './network-policy.ts';
import { pdbFrom } from './pdb.ts';
import { prometheusRuleFrom } from './prometheus-rule.ts';
import { dataClaimFrom, ollamaClaimFrom } from './pvc.ts';
import { roleBindingFrom } from './role-binding.ts';
import { roleFrom } from './role.ts';
import { apiKeySecretFrom } from './secret-api-key.ts';
import { serviceAccountFrom } from './service-account.ts';
import { serviceMonitorFrom } from './service-monitor.ts';
import { serviceFrom } from './service.ts';
import { statefulSetFrom } from './statefulset.ts';

export type { BuildContext } from './context.ts';
export { RENDER_CONTEXT, generateCreationSecrets } from './context.ts';
export type { BuildInput, InstanceObject } from './input.ts';
export { buildInput } from './input.ts';
export { resolveSpec } from './defaults-merge.ts';
export {
  ANNOTATION_CONFIG_HASH,
  ANNOTATION_CREATE_ONLY,
  ANNOTATION_SECRET_HASH,
  LABEL_MANAGED_BY,
  MANAGED_BY,
  isOwnedKey,
} from './meta.ts';
export { buildConfigConfigMap } from './configmap-config.ts';
export { buildWorkspaceConfigMap } from './configmap-workspace.ts';
export { buildApiKeySecret } from './secret-api-key.ts';
export { buildDataClaim, buildOllamaClaim } from './pvc.ts';
export { buildServiceAccount } from './service-account.ts';
export { buildRole } from './role.ts';
export { buildRoleBinding } from './role-binding.ts';
export { buildNetworkPolicy } from './network-policy.ts';
export { buildPdb } from './pdb.ts';
export { buildHpa } from './hpa.ts';
export { buildIngress } from './ingress.ts';
export { buildService } from './service.ts';
export { buildServiceMonitor } from './service-monitor.ts';
export { buildPrometheusRule } from './prometheus-rule.ts';
export { buildStatefulSet } from './statefulset.ts';
export { buildHonchoSecret } from './honcho/secret.ts';
export {
  buildHonchoPostgres,
  buildHonchoPostgresClaim,
  buildHonchoPostgresInit,
  buildHonchoPostgresService,
} from './honcho/postgres.ts';
export { buildHonchoRedis, buildHonchoRedisService } from './honcho/redis.ts';
export { buildHonchoApi, buildHonchoApiService } from './honcho/api.ts';
export { buildHonchoDeriver } from './honcho/deriver.ts';
export { buildHonchoNetworkPolicy } from './honcho/network-policy.ts';

/** Every kind buildAll may produce (for watches and for pruning children no longer desired). */
export const MANAGED_KINDS = [
  { apiVersion: 'v1', kind: 'ServiceAccount' },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role' },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy' },
  { apiVersion: 'v1', kind: 'Secret' },
  { apiVersion: 'v1', kind: 'ConfigMap' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
  { apiVersion: 'v1', kind: 'Service' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  { apiVersion: 'apps/v1', kind: 'Deployment' },
  { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget' },
  { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler' },
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
  { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' },
  { apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule' },
] as const;

/** The desired children of a prepared input, in apply order. */
export function buildAllFrom(input: BuildInput): KubeObject[] {
  const rendered = renderConfig(input);
  const all: (KubeObject | undefined)[] = [
    serviceAccountFrom(input),
    roleFrom(input),
    roleBindingFrom(input),
    networkPolicyFrom(input),
    honchoNetworkPolicyFrom(input),
    apiKeySecretFrom(input),
    honchoSecretFrom(input),
    configConfigMapFrom(input, rendered.config),
    workspaceConfigMapFrom(input, rendered.workspace),
    honchoPostgresInitFrom(input),
    dataClaimFrom(input),
    ollamaClaimFrom(input),
    honchoPostgresClaimFrom(input),
    honchoPostgresServiceFrom(input),
    honchoPostgresFrom(input),
    honchoRedisServiceFrom(input),
    honchoRedisFrom(input),
    honchoApiServiceFrom(input),
    honchoApiFrom(input),
    honchoDeriverFrom(input),
    pdbFrom(input),
    hpaFrom(input),
    statefulSetFrom(input, rendered.hash),
    serviceFrom(input),
    ingressFrom(input),
    serviceMonitorFrom(input),
    prometheusRuleFrom(input),
  ];
  const out: KubeObject[] = [];
  for (const o of all) if (o !== undefined) out.push(o);
  return out;
}

/** Every desired child of `instance`, in apply order. */
export function buildAll(
  instance: InstanceObject,
  clusterDefaults?: HermesClusterDefaults,
  context: BuildContext = {},
): KubeObject[] {
  return buildAllFrom(buildInput(instance, clusterDefaults, context));
}
