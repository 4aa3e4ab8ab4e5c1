// Service, Ingress, PodDisruptionBudget, HorizontalPodAutoscaler.
import { describe, expect, it } from 'vitest';
import { CONTEXT, build, find, get, instance, spec } from './fixtures.ts';

const objs = (s: Parameters<typeof instance>[0]) => build(instance(s), CONTEXT);

describe('Service', () => {
  it('exposes the API port by name with every defaulted field set', () => {
    expect(spec(get(objs({}), 'Service', 'h'))).toEqual({
      type: 'ClusterIP',
      selector: {
        'app.kubernetes.io/name': 'hermes-agent',
        'app.kubernetes.io/instance': 'h',
        'app.kubernetes.io/component': 'agent',
      },
      ports: [{ name: 'api', port: 8642, protocol: 'TCP', targetPort: 'api' }],
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ipFamilyPolicy: 'SingleStack',
    });
  });

  it('adds dashboard, metrics, webhook receivers and terminal ports when enabled', () => {
    const s = spec(
      get(
        objs({
          networking: { dashboard: { enabled: true, basicAuthSecretRef: { name: 'd' } } },
          observability: { metrics: { enabled: true } },
          gateways: {
            telegram: {
              enabled: true,
              botTokenSecretRef: { name: 't' },
              mode: 'webhook',
              webhook: { url: 'https://x.example/tg' },
            },
            whatsapp: { enabled: true, cloudApi: { accessTokenSecretRef: { name: 'w' } } },
          },
          webTerminal: { enabled: true, credentialsSecretRef: { name: 'c' } },
          storage: { enabled: true },
        }),
        'Service',
        'h',
      ),
    );
    expect((s['ports'] as { name: string; port: number }[]).map((p) => `${p.name}:${p.port}`)).toEqual([
      'api:8642',
      'dashboard:9119',
      'metrics:9464',
      'telegram:8443',
      'whatsapp:8090',
      'terminal:7681',
    ]);
  });

  it('sets the traffic policies of NodePort and LoadBalancer Services', () => {
    const s = spec(
      get(
        objs({ networking: { service: { type: 'LoadBalancer', annotations: { a: 'b' } } } }),
        'Service',
        'h',
      ),
    );
    expect(s).toMatchObject({
      type: 'LoadBalancer',
      externalTrafficPolicy: 'Cluster',
      allocateLoadBalancerNodePorts: true,
    });
  });

  it('is not built when nothing is served', () => {
    expect(find(objs({ networking: { apiServer: { enabled: false } } }), 'Service')).toBeUndefined();
  });
});

describe('Ingress', () => {
  const ingress = { enabled: true, host: 'h.example.com', className: 'nginx', tls: { secretName: 'tls' } };

  it('routes the host to the API port, with TLS and class', () => {
    expect(spec(get(objs({ networking: { ingress } }), 'Ingress'))).toEqual({
      rules: [
        {
          host: 'h.example.com',
          http: {
            paths: [
              { path: '/', pathType: 'Prefix', backend: { service: { name: 'h', port: { name: 'api' } } } },
            ],
          },
        },
      ],
      ingressClassName: 'nginx',
      tls: [{ hosts: ['h.example.com'], secretName: 'tls' }],
    });
  });

  it('serves the dashboard at the path, the API under /v1 and /health, and the Telegram webhook path', () => {
    const s = spec(
      get(
        objs({
          networking: { ingress, dashboard: { enabled: true, basicAuthSecretRef: { name: 'd' } } },
          gateways: {
            telegram: {
              enabled: true,
              botTokenSecretRef: { name: 't' },
              mode: 'webhook',
              webhook: { url: 'https://h.example.com/telegram' },
            },
          },
        }),
        'Ingress',
      ),
    );
    const paths = (
      s['rules'] as {
        http: { paths: { path: string; backend: { service: { port: { name: string } } } }[] };
      }[]
    )[0]!.http.paths;
    expect(paths.map((p) => `${p.path}->${p.backend.service.port.name}`)).toEqual([
      '/telegram->telegram',
      '/v1->api',
      '/health->api',
      '/->dashboard',
    ]);
  });

  it('takes the class and annotations from HermesClusterDefaults when unset', () => {
    const o = get(
      build(instance({ networking: { ingress: { enabled: true, host: 'h.example.com' } } }), CONTEXT, {
        spec: { networking: { ingress: { className: 'traefik', annotations: { x: 'y' } } } },
      }),
      'Ingress',
    );
    expect(spec(o)['ingressClassName']).toBe('traefik');
    expect(o.metadata.annotations).toEqual({ x: 'y' });
  });
});

describe('PodDisruptionBudget and HorizontalPodAutoscaler', () => {
  it('builds no PDB or HPA for a single replica by default', () => {
    expect(find(objs({}), 'PodDisruptionBudget')).toBeUndefined();
    expect(find(objs({}), 'HorizontalPodAutoscaler')).toBeUndefined();
  });

  it('builds a PDB when enabled (maxUnavailable 1 unless minAvailable is set)', () => {
    expect(spec(get(objs({ availability: { pdb: { enabled: true } } }), 'PodDisruptionBudget'))).toEqual({
      selector: {
        matchLabels: {
          'app.kubernetes.io/name': 'hermes-agent',
          'app.kubernetes.io/instance': 'h',
          'app.kubernetes.io/component': 'agent',
        },
      },
      maxUnavailable: 1,
    });
    expect(
      spec(
        get(objs({ availability: { pdb: { enabled: true, minAvailable: '50%' } } }), 'PodDisruptionBudget'),
      ),
    ).toMatchObject({ minAvailable: '50%' });
  });

  it('always builds a PDB when the HPA may run more than one replica', () => {
    expect(
      find(objs({ availability: { hpa: { enabled: true, maxReplicas: 2 } } }), 'PodDisruptionBudget'),
    ).toBeDefined();
  });

  it('builds an autoscaling/v2 HPA on the StatefulSet with the default behavior written out', () => {
    const s = spec(
      get(
        objs({
          availability: {
            hpa: { enabled: true, minReplicas: 1, maxReplicas: 3, targetMemoryUtilizationPercentage: 70 },
          },
        }),
        'HorizontalPodAutoscaler',
      ),
    );
    expect(s).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'h' },
      minReplicas: 1,
      maxReplicas: 3,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
        },
        {
          type: 'Resource',
          resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max' },
        scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Max' },
      },
    });
  });
});
