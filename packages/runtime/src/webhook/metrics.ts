// controller-runtime's webhook metrics, so existing dashboards and alerts apply unchanged.
import { Counter, Gauge, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';

export interface WebhookMetrics {
  requestsTotal: Counter<'webhook' | 'code'>;
  latencySeconds: Histogram<'webhook'>;
  inFlight: Gauge<'webhook'>;
}

const cache = new WeakMap<Registry, WebhookMetrics>();

/** The metrics on `registry`, created once per registry (several servers may share one). */
export function webhookMetrics(registry: Registry): WebhookMetrics {
  let metrics = cache.get(registry);
  if (!metrics) {
    metrics = {
      requestsTotal: new Counter({
        name: 'controller_runtime_webhook_requests_total',
        help: 'Total number of admission requests by HTTP status code.',
        labelNames: ['webhook', 'code'] as const,
        registers: [registry],
      }),
      latencySeconds: new Histogram({
        name: 'controller_runtime_webhook_latency_seconds',
        help: 'Histogram of the latency of processing admission requests',
        labelNames: ['webhook'] as const,
        buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      }),
      inFlight: new Gauge({
        name: 'controller_runtime_webhook_requests_in_flight',
        help: 'Current number of admission requests being served.',
        labelNames: ['webhook'] as const,
        registers: [registry],
      }),
    };
    cache.set(registry, metrics);
  }
  return metrics;
}
