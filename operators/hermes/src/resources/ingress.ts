// Ingress <name> (networking.ingress.enabled): the API server at the ingress path, or, with the
// dashboard enabled, the dashboard at the path and the API under <path>v1 and <path>health; the
// Telegram webhook path when its URL is on the same host. Never the web terminal.
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';
import { servedPorts } from './ports.ts';
import type { PortName } from './ports.ts';
import { parseUrl } from './url.ts';

function path(p: string, service: string, port: PortName): Json {
  return { path: p, pathType: 'Prefix', backend: { service: { name: service, port: { name: port } } } };
}

function webhookPath(url: string, host: string): string | undefined {
  const u = parseUrl(url);
  return u && u.hostname === host && u.pathname !== '/' ? u.pathname : undefined;
}

export function ingressFrom(input: BuildInput): KubeObject | undefined {
  const ing = input.spec.networking?.ingress;
  if (!ing?.enabled || !ing.host) return undefined;
  const ports = new Set(servedPorts(input).map((p) => p.name));
  const svc = input.names.service;
  const base = ing.path ?? '/';
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const paths: Json[] = [];
  const tg = input.spec.gateways?.telegram;
  const tgPath = ports.has('telegram') && tg?.webhook ? webhookPath(tg.webhook.url, ing.host) : undefined;
  if (tgPath) paths.push(path(tgPath, svc, 'telegram'));
  if (ports.has('dashboard')) {
    if (ports.has('api')) paths.push(path(`${prefix}v1`, svc, 'api'), path(`${prefix}health`, svc, 'api'));
    paths.push(path(base, svc, 'dashboard'));
  } else if (ports.has('api')) {
    paths.push(path(base, svc, 'api'));
  }
  if (paths.length === 0) return undefined;
  const spec: Json = { rules: [{ host: ing.host, http: { paths } }] };
  if (ing.className) spec['ingressClassName'] = ing.className;
  if (ing.tls) spec['tls'] = [{ hosts: [ing.host], secretName: ing.tls.secretName }];
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: objectMeta(
      input.names.ingress,
      input.namespace,
      labels(input.name, 'ingress'),
      input.owner,
      ing.annotations,
    ),
    spec,
  };
}

export const buildIngress = fromInput(ingressFrom);
