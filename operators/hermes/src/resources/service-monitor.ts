// ServiceMonitor <name> (monitoring.coreos.com/v1, as a plain object): scrapes the metrics port
// of the agent Service when observability.metrics and serviceMonitor are enabled.
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta, selectorLabels } from './meta.ts';
import { metricsEnabled } from './ports.ts';

/**
 * The scrape scheme, from the one place that knows how metrics are served: the agent's
 * OpenTelemetry Prometheus exporter serves plain HTTP (no TLS option), so http.
 */
export function metricsScheme(_input: BuildInput): 'http' | 'https' {
  return 'http';
}

export function serviceMonitorFrom(input: BuildInput): KubeObject | undefined {
  const obs = input.spec.observability;
  if (!obs?.serviceMonitor?.enabled || !metricsEnabled(input)) return undefined;
  const endpoint: Json = {
    port: 'metrics',
    path: obs.metrics?.path ?? '/metrics',
    scheme: metricsScheme(input),
    interval: obs.serviceMonitor.interval ?? '30s',
  };
  if (obs.serviceMonitor.scrapeTimeout) endpoint['scrapeTimeout'] = obs.serviceMonitor.scrapeTimeout;
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: objectMeta(
      input.names.serviceMonitor,
      input.namespace,
      { ...obs.serviceMonitor.labels, ...labels(input.name, 'monitoring') },
      input.owner,
    ),
    spec: {
      selector: { matchLabels: selectorLabels(input.name, 'agent') },
      endpoints: [endpoint],
    },
  };
}

export const buildServiceMonitor = fromInput(serviceMonitorFrom);
