// NetworkPolicy <name>: default deny for the agent pod in both directions, then explicit allows.
// Ingress: the served ports from pods of the namespace, networking.networkPolicy
// .allowedIngressNamespaces and the operator; the Ingress-exposed ports from ingress controllers.
// Egress: DNS; TCP 443 to public addresses when allowInternetEgress or any gateway is enabled
// (platform APIs have no fixed address ranges, so a gateway needs it either way); the Kubernetes
// API when the service account token is mounted; Honcho, OTLP and Signal endpoints; extra rules.
import { fromInput } from './builder.ts';
import { DEFAULT_INGRESS_CONTROLLER_NAMESPACES } from './context.ts';
import { selfHosted } from './honcho/common.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta, selectorLabels } from './meta.ts';
import { dnsEgress, publicHttpsEgress, namespacePeer, normalizeRule, tcp, urlPort } from './network-rules.ts';
import { HONCHO_PORT } from './pod/layout.ts';
import { servedPorts } from './ports.ts';

export function networkPolicyEnabled(input: BuildInput): boolean {
  return input.spec.networking?.networkPolicy?.enabled ?? true;
}

function anyGateway(input: BuildInput): boolean {
  const gw = input.spec.gateways;
  return Boolean(
    gw?.telegram?.enabled ||
    gw?.discord?.enabled ||
    gw?.slack?.enabled ||
    gw?.whatsapp?.enabled ||
    gw?.signal?.enabled,
  );
}

function ingressRules(input: BuildInput): Json[] {
  const np = input.spec.networking?.networkPolicy;
  const ports = servedPorts(input);
  const rules: Json[] = [];
  if (ports.length) {
    const from: Json[] = [{ podSelector: {} }];
    for (const ns of np?.allowedIngressNamespaces ?? []) from.push(namespacePeer(ns));
    const op = input.context.operatorNamespace;
    if (op && op !== input.namespace) from.push(namespacePeer(op));
    rules.push({ from, ports: tcp(...ports.map((p) => p.port)) });
  }
  const exposed = ports.filter((p) => p.public);
  if (input.spec.networking?.ingress?.enabled && exposed.length) {
    const controllers = input.context.ingressControllerNamespaces ?? DEFAULT_INGRESS_CONTROLLER_NAMESPACES;
    if (controllers.length) {
      rules.push({ from: controllers.map(namespacePeer), ports: tcp(...exposed.map((p) => p.port)) });
    }
  }
  for (const r of (np?.extraIngress ?? []) as Json[]) rules.push(normalizeRule(r));
  return rules;
}

function egressRules(input: BuildInput): Json[] {
  const { spec } = input;
  const np = spec.networking?.networkPolicy;
  const rules: Json[] = [];
  if (np?.allowDNS ?? true) rules.push(dnsEgress());
  if ((np?.allowInternetEgress ?? true) || anyGateway(input)) rules.push(publicHttpsEgress());
  if (spec.security?.serviceAccount?.automountToken) {
    // The API server's Service port and its endpoints' usual port (policies see the endpoint).
    rules.push({ ports: tcp(443, 6443) });
  }
  if (selfHosted(input)) {
    rules.push({
      to: [{ podSelector: { matchLabels: selectorLabels(input.name, 'honcho-api') } }],
      ports: tcp(HONCHO_PORT),
    });
  }
  const extraPorts = new Set<number>();
  const ps = spec.profileStore;
  if (ps?.enabled && ps.external?.url) extraPorts.add(urlPort(ps.external.url) ?? 443);
  const otlp = spec.observability?.otlp;
  if (otlp?.enabled) {
    const port = urlPort(otlp.endpoint);
    if (port) extraPorts.add(port);
  }
  const signal = spec.gateways?.signal;
  if (signal?.enabled && signal.httpUrl) {
    const port = urlPort(signal.httpUrl);
    if (port) extraPorts.add(port);
  }
  if (extraPorts.size) rules.push({ ports: tcp(...[...extraPorts].sort((a, b) => a - b)) });
  for (const r of (np?.extraEgress ?? []) as Json[]) rules.push(normalizeRule(r));
  return rules;
}

export function networkPolicyFrom(input: BuildInput): KubeObject | undefined {
  if (!networkPolicyEnabled(input)) return undefined;
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: objectMeta(
      input.names.networkPolicy,
      input.namespace,
      labels(input.name, 'network-policy'),
      input.owner,
    ),
    spec: {
      podSelector: { matchLabels: selectorLabels(input.name, 'agent') },
      policyTypes: ['Ingress', 'Egress'],
      ingress: ingressRules(input),
      egress: egressRules(input),
    },
  };
}

export const buildNetworkPolicy = fromInput(networkPolicyFrom);
