// ServiceMonitor and PrometheusRule (monitoring.coreos.com/v1 as plain objects).
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/resources/k8s-types.ts';
import { CONTEXT, build, find, get, instance, spec } from './fixtures.ts';

const objs = (s: Parameters<typeof instance>[0]) => build(instance(s));
const metrics = { metrics: { enabled: true } };

describe('ServiceMonitor', () => {
  it('scrapes the metrics port over HTTP (the exporter serves no TLS) with interval and labels', () => {
    const sm = get(
      objs({
        observability: {
          ...metrics,
          serviceMonitor: { enabled: true, scrapeTimeout: '10s', labels: { release: 'p' } },
        },
      }),
      'ServiceMonitor',
    );
    expect(sm.metadata.labels).toMatchObject({ release: 'p' });
    expect(spec(sm)).toEqual({
      selector: {
        matchLabels: {
          'app.kubernetes.io/name': 'hermes-agent',
          'app.kubernetes.io/instance': 'h',
          'app.kubernetes.io/component': 'agent',
        },
      },
      endpoints: [
        { port: 'metrics', path: '/metrics', scheme: 'http', interval: '30s', scrapeTimeout: '10s' },
      ],
    });
  });

  it('needs metrics served, and follows HermesClusterDefaults when unset', () => {
    expect(
      find(objs({ observability: { serviceMonitor: { enabled: true } } }), 'ServiceMonitor'),
    ).toBeUndefined();
    const on = build(instance({ observability: metrics }), CONTEXT, {
      spec: { observability: { serviceMonitor: { enabled: true, labels: { release: 'x' } } } },
    });
    expect(get(on, 'ServiceMonitor').metadata.labels).toMatchObject({ release: 'x' });
    expect(find(objs({ observability: metrics }), 'ServiceMonitor')).toBeUndefined();
  });

  it('exports metrics through the OpenTelemetry Prometheus exporter env', () => {
    const sts = get(objs({ observability: metrics }), 'StatefulSet');
    const env = (spec(sts)['template'] as { spec: { containers: { env: Json[] }[] } }).spec.containers[0]!
      .env;
    expect(env).toContainEqual({ name: 'OTEL_METRICS_EXPORTER', value: 'prometheus' });
    expect(env).toContainEqual({ name: 'OTEL_EXPORTER_PROMETHEUS_PORT', value: '9464' });
  });
});

describe('PrometheusRule', () => {
  it('holds the standard alerts for the instance, plus the scrape alert when metrics are served', () => {
    const rules = (s: Parameters<typeof instance>[0]) =>
      (spec(get(objs(s), 'PrometheusRule'))['groups'] as { rules: { alert: string; expr: string }[] }[])[0]!
        .rules;
    const base = rules({ observability: { prometheusRule: { enabled: true } } });
    expect(base.map((r) => r.alert)).toEqual([
      'HermesAgentNotReady',
      'HermesAgentRestarting',
      'HermesAgentVolumeAlmostFull',
    ]);
    expect(base[0]!.expr).toContain('namespace="agents",statefulset="h"');
    expect(base[2]!.expr).toContain('persistentvolumeclaim=~"h-data"');
    expect(
      rules({ observability: { ...metrics, prometheusRule: { enabled: true } } }).map((r) => r.alert),
    ).toContain('HermesAgentMetricsDown');
  });

  it('is not built unless enabled', () => {
    expect(find(objs({}), 'PrometheusRule')).toBeUndefined();
  });
});
