// Service <name> in front of the agent pod: the API server, dashboard, metrics, Telegram and
// WhatsApp receivers and the web terminal, whichever are enabled (ports by name).
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { labels, objectMeta, selectorLabels } from './meta.ts';
import { servedPorts } from './ports.ts';
import { serviceSpec } from './service-spec.ts';

/** Undefined when nothing is served (a Service needs a port). */
export function serviceFrom(input: BuildInput): KubeObject | undefined {
  const svc = input.spec.networking?.service;
  const ports = servedPorts(input).map((p) => ({ name: p.name, port: p.port, targetPort: p.name }));
  if (ports.length === 0) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(
      input.names.service,
      input.namespace,
      { ...svc?.labels, ...labels(input.name, 'agent') },
      input.owner,
      svc?.annotations,
    ),
    spec: serviceSpec(selectorLabels(input.name, 'agent'), ports, svc?.type ?? 'ClusterIP'),
  };
}

export const buildService = fromInput(serviceFrom);
