// The agent NetworkPolicy: default deny plus derived allows.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/resources/k8s-types.ts';
import { CONTEXT, build, find, get, instance, spec } from './fixtures.ts';

const np = (s: Parameters<typeof instance>[0], ctx = CONTEXT) =>
  spec(get(build(instance(s), ctx), 'NetworkPolicy', 'h'));
const egress = (s: Parameters<typeof instance>[0]) => np(s)['egress'] as Json[];
const ingress = (s: Parameters<typeof instance>[0], ctx = CONTEXT) => np(s, ctx)['ingress'] as Json[];
const HTTPS_PUBLIC: unknown = expect.objectContaining({
  ports: [{ port: 443, protocol: 'TCP' }],
  to: expect.any(Array) as unknown,
});

describe('agent NetworkPolicy', () => {
  it('denies both directions by default for the agent pods', () => {
    expect(np({})).toMatchObject({
      podSelector: {
        matchLabels: { 'app.kubernetes.io/component': 'agent', 'app.kubernetes.io/instance': 'h' },
      },
      policyTypes: ['Ingress', 'Egress'],
    });
  });

  it('is not built when disabled, and follows HermesClusterDefaults when unset', () => {
    expect(
      find(build(instance({ networking: { networkPolicy: { enabled: false } } })), 'NetworkPolicy'),
    ).toBeUndefined();
    const off = build(instance({}), CONTEXT, { spec: { networking: { networkPolicy: { enabled: false } } } });
    expect(find(off, 'NetworkPolicy')).toBeUndefined();
  });

  it('allows DNS to kube-dns over UDP and TCP 53', () => {
    expect(egress({})[0]).toEqual({
      to: [
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
          podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        },
      ],
      ports: [
        { port: 53, protocol: 'UDP' },
        { port: 53, protocol: 'TCP' },
      ],
    });
    expect(egress({ networking: { networkPolicy: { allowDNS: false } } })).not.toContainEqual(
      expect.objectContaining({
        ports: [
          { port: 53, protocol: 'UDP' },
          { port: 53, protocol: 'TCP' },
        ],
      }),
    );
  });

  it('allows HTTPS to public addresses only (private ranges and cloud metadata excluded)', () => {
    const rule = egress({})[1]!;
    expect(rule['to']).toContainEqual({
      ipBlock: {
        cidr: '0.0.0.0/0',
        except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'],
      },
    });
  });

  it('drops internet egress when disabled, but keeps it for enabled gateways (their APIs need it)', () => {
    const off = { networking: { networkPolicy: { allowInternetEgress: false } } };
    expect(egress(off)).not.toContainEqual(HTTPS_PUBLIC);
    expect(
      egress({ ...off, gateways: { discord: { enabled: true, botTokenSecretRef: { name: 'd' } } } }),
    ).toContainEqual(HTTPS_PUBLIC);
  });

  it('admits the served ports from the namespace, allowed namespaces and the operator', () => {
    const rules = ingress(
      { networking: { networkPolicy: { allowedIngressNamespaces: ['monitoring'] } } },
      { ...CONTEXT, operatorNamespace: 'hermes-system' },
    );
    expect(rules).toEqual([
      {
        from: [
          { podSelector: {} },
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'hermes-system' } } },
        ],
        ports: [{ port: 8642, protocol: 'TCP' }],
      },
    ]);
  });

  it('admits ingress controllers to the Ingress-exposed ports', () => {
    const rules = ingress(
      { networking: { ingress: { enabled: true, host: 'h.example.com' } } },
      { ...CONTEXT, ingressControllerNamespaces: ['traefik'] },
    );
    expect(rules[1]).toEqual({
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'traefik' } } }],
      ports: [{ port: 8642, protocol: 'TCP' }],
    });
  });

  it('allows the Kubernetes API when the token is mounted, Honcho, OTLP and Signal endpoints', () => {
    const rules = egress({
      security: { serviceAccount: { automountToken: true } },
      profileStore: { enabled: true, selfHosted: { image: {} } },
      observability: { otlp: { enabled: true, endpoint: 'http://otel.obs:4318' } },
      gateways: { signal: { enabled: true, account: '+4915112345678', httpUrl: 'http://signal:8081' } },
    });
    expect(rules).toContainEqual({
      ports: [
        { port: 443, protocol: 'TCP' },
        { port: 6443, protocol: 'TCP' },
      ],
    });
    expect(rules).toContainEqual({
      to: [
        {
          podSelector: {
            matchLabels: expect.objectContaining({ 'app.kubernetes.io/component': 'honcho-api' }) as unknown,
          },
        },
      ],
      ports: [{ port: 8000, protocol: 'TCP' }],
    });
    expect(rules).toContainEqual({
      ports: [
        { port: 4318, protocol: 'TCP' },
        { port: 8081, protocol: 'TCP' },
      ],
    });
  });

  it('appends extra rules, with TCP filled in where the protocol is left out', () => {
    const rules = egress({ networking: { networkPolicy: { extraEgress: [{ ports: [{ port: 5432 }] }] } } });
    expect(rules.at(-1)).toEqual({ ports: [{ port: 5432, protocol: 'TCP' }] });
  });
});
