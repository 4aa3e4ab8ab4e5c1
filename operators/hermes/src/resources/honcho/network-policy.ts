// NetworkPolicy <name>-honcho: default deny for the Honcho pods; the agent reaches the API, the
// API and deriver reach PostgreSQL and Redis, and they may call LLM providers over public HTTPS.
import { fromInput } from '../builder.ts';
import type { BuildInput } from '../input.ts';
import type { Json, KubeObject } from '../k8s-types.ts';
import { LABEL_COMPONENT, instanceSelectorLabels, labels, objectMeta, selectorLabels } from '../meta.ts';
import { networkPolicyEnabled } from '../network-policy.ts';
import { dnsEgress, publicHttpsEgress, tcp } from '../network-rules.ts';
import { HONCHO_PORT } from '../pod/layout.ts';
import { POSTGRES_PORT, REDIS_PORT, postgresManaged, redisManaged, selfHosted } from './common.ts';

function components(input: BuildInput, values: string[]): Json {
  return {
    matchLabels: instanceSelectorLabels(input.name),
    matchExpressions: [{ key: LABEL_COMPONENT, operator: 'In', values }],
  };
}

export function honchoNetworkPolicyFrom(input: BuildInput): KubeObject | undefined {
  const sh = selfHosted(input);
  if (!sh || !networkPolicyEnabled(input)) return undefined;
  const servers = components(input, ['honcho-api', 'honcho-deriver']);
  const backing: string[] = [];
  const backingPorts: number[] = [];
  if (postgresManaged(sh)) {
    backing.push('honcho-postgres');
    backingPorts.push(POSTGRES_PORT);
  }
  if (redisManaged(sh)) {
    backing.push('honcho-redis');
    backingPorts.push(REDIS_PORT);
  }
  const ingress: Json[] = [
    {
      from: [{ podSelector: { matchLabels: selectorLabels(input.name, 'agent') } }],
      ports: tcp(HONCHO_PORT),
    },
  ];
  const egress: Json[] = [dnsEgress(), publicHttpsEgress()];
  if (backing.length) {
    ingress.push({ from: [{ podSelector: servers }], ports: tcp(...backingPorts) });
    egress.push({ to: [{ podSelector: components(input, backing) }], ports: tcp(...backingPorts) });
  }
  const externalPorts = [
    ...(postgresManaged(sh) ? [] : [POSTGRES_PORT]),
    ...(redisManaged(sh) ? [] : [REDIS_PORT]),
  ];
  if (externalPorts.length) egress.push({ ports: tcp(...externalPorts) });
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: objectMeta(
      input.names.honchoNetworkPolicy,
      input.namespace,
      labels(input.name, 'honcho'),
      input.owner,
    ),
    spec: {
      podSelector: components(input, ['honcho-api', 'honcho-deriver', 'honcho-postgres', 'honcho-redis']),
      policyTypes: ['Ingress', 'Egress'],
      ingress,
      egress,
    },
  };
}

export const buildHonchoNetworkPolicy = fromInput(honchoNetworkPolicyFrom);
