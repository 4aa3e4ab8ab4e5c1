// spec.observability: metrics, ServiceMonitor, PrometheusRule, OTLP export, logging.
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { duration, obj, oneOf, secretKeyRef, stringMap } from '../common.ts';

export const ObservabilitySpec = obj(
  'Metrics and logs. hermes-agent has no native Prometheus endpoint; metrics come from its OpenTelemetry ' +
    'support, exported over OTLP or served for Prometheus on metrics.port.',
  {
    metrics: Type.Optional(
      obj('A Prometheus scrape endpoint on the pod (OpenTelemetry Prometheus exporter).', {
        enabled: Type.Optional(Type.Boolean({ description: 'Serve metrics.', default: false })),
        port: Type.Optional(
          Type.Integer({ description: 'Metrics port.', minimum: 1, maximum: 65535, default: 9464 }),
        ),
        path: Type.Optional(
          Type.String({ description: 'Metrics path.', default: '/metrics', maxLength: 256, pattern: '^/' }),
        ),
      }),
    ),
    serviceMonitor: Type.Optional(
      obj('A monitoring.coreos.com/v1 ServiceMonitor scraping metrics (needs metrics.enabled).', {
        enabled: Type.Optional(
          Type.Boolean({
            description:
              'Create the ServiceMonitor. Default: HermesClusterDefaults spec.observability.serviceMonitor.enabled, else false.',
          }),
        ),
        interval: Type.Optional(duration('Scrape interval.', '30s')),
        scrapeTimeout: Type.Optional(duration('Scrape timeout (below interval).')),
        labels: Type.Optional(stringMap('Labels on the ServiceMonitor, e.g. release: prometheus.')),
      }),
    ),
    prometheusRule: Type.Optional(
      obj('A monitoring.coreos.com/v1 PrometheusRule with the standard hermes alerts.', {
        enabled: Type.Optional(Type.Boolean({ description: 'Create the PrometheusRule.', default: false })),
        labels: Type.Optional(stringMap('Labels on the PrometheusRule.')),
      }),
    ),
    otlp: Type.Optional(
      withK8s(
        obj('OpenTelemetry export (traces and metrics) over OTLP.', {
          enabled: Type.Optional(Type.Boolean({ description: 'Export over OTLP.', default: false })),
          endpoint: Type.Optional(
            Type.String({
              description: 'OTLP endpoint URL, e.g. http://otel-collector.observability:4318.',
              maxLength: 512,
            }),
          ),
          protocol: Type.Optional(
            oneOf(['grpc', 'http/protobuf'], { description: 'OTLP protocol.', default: 'http/protobuf' }),
          ),
          headersSecretRef: Type.Optional(
            secretKeyRef(
              'OTEL_EXPORTER_OTLP_HEADERS value (for authenticated collectors).',
              'OTEL_EXPORTER_OTLP_HEADERS',
            ),
          ),
        }),
        {
          validations: [
            cel('!self.enabled || has(self.endpoint)', 'otlp.enabled needs otlp.endpoint', {
              fieldPath: '.endpoint',
              reason: 'FieldValueRequired',
            }),
          ],
        },
      ),
    ),
    logging: Type.Optional(
      obj('Agent logging.', {
        level: Type.Optional(
          oneOf(['DEBUG', 'INFO', 'WARNING', 'ERROR'], { description: 'Log level.', default: 'INFO' }),
        ),
        format: Type.Optional(oneOf(['text', 'json'], { description: 'Log line format.', default: 'json' })),
      }),
    ),
  },
);
