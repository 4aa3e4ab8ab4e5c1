// PrometheusRule <name> (monitoring.coreos.com/v1, observability.prometheusRule.enabled): the
// standard alerts for one instance, on kube-state-metrics and kubelet volume metrics (and on the
// scrape target when metrics are served).
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';
import { metricsEnabled } from './ports.ts';

function alert(name: string, expr: string, forDuration: string, severity: string, summary: string): Json {
  return { alert: name, expr, for: forDuration, labels: { severity }, annotations: { summary } };
}

export function prometheusRuleFrom(input: BuildInput): KubeObject | undefined {
  const pr = input.spec.observability?.prometheusRule;
  if (!pr?.enabled) return undefined;
  const ns = input.namespace;
  const sts = input.names.statefulSet;
  const sel = `namespace="${ns}",statefulset="${sts}"`;
  const claims = input.perReplicaClaims ? `hermes-data-${sts}-[0-9]+` : input.names.dataClaim;
  const who = `hermes-agent ${ns}/${input.name}`;
  const rules: Json[] = [
    alert(
      'HermesAgentNotReady',
      `kube_statefulset_status_replicas_ready{${sel}} < kube_statefulset_replicas{${sel}}`,
      '10m',
      'warning',
      `${who} has pods that are not ready.`,
    ),
    alert(
      'HermesAgentRestarting',
      `increase(kube_pod_container_status_restarts_total{namespace="${ns}",pod=~"${sts}-[0-9]+",container="hermes"}[30m]) > 3`,
      '0m',
      'warning',
      `${who} restarted more than 3 times in 30 minutes.`,
    ),
    alert(
      'HermesAgentVolumeAlmostFull',
      `kubelet_volume_stats_available_bytes{namespace="${ns}",persistentvolumeclaim=~"${claims}"} / ` +
        `kubelet_volume_stats_capacity_bytes{namespace="${ns}",persistentvolumeclaim=~"${claims}"} < 0.1`,
      '15m',
      'warning',
      `The data volume of ${who} is more than 90% full.`,
    ),
  ];
  if (metricsEnabled(input)) {
    rules.push(
      alert(
        'HermesAgentMetricsDown',
        `up{namespace="${ns}",service="${input.names.service}"} == 0`,
        '5m',
        'critical',
        `The metrics endpoint of ${who} is down.`,
      ),
    );
  }
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: objectMeta(
      input.names.prometheusRule,
      input.namespace,
      { ...pr.labels, ...labels(input.name, 'monitoring') },
      input.owner,
    ),
    spec: { groups: [{ name: `hermes-agent.${ns}.${input.name}`, rules }] },
  };
}

export const buildPrometheusRule = fromInput(prometheusRuleFrom);
