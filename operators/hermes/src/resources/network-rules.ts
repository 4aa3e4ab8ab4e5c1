// NetworkPolicy rule fragments shared by the agent's and Honcho's policies.
import type { Json } from './k8s-types.ts';
import { parseUrl } from './url.ts';

/** Selects a namespace by its kubernetes.io/metadata.name label (a literal key: cheaper to build). */
export const namespacePeer = (ns: string): Json => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } },
});

export const tcp = (...ports: number[]): Json[] => ports.map((port) => ({ port, protocol: 'TCP' }));

/** DNS to the cluster resolver (kube-dns / CoreDNS pods in kube-system). */
export const dnsEgress = (): Json => ({
  to: [{ ...namespacePeer('kube-system'), podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
  ports: [
    { port: 53, protocol: 'UDP' },
    { port: 53, protocol: 'TCP' },
  ],
});

/** TCP 443 to public addresses only: private ranges and link-local (cloud metadata) stay closed. */
export const publicHttpsEgress = (): Json => ({
  to: [
    {
      ipBlock: {
        cidr: '0.0.0.0/0',
        except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'],
      },
    },
    { ipBlock: { cidr: '::/0', except: ['fc00::/7', 'fe80::/10'] } },
  ],
  ports: tcp(443),
});

/** The port of a URL (its scheme's default when none is given); undefined when it is not a URL. */
export function urlPort(url: string | undefined): number | undefined {
  const u = url ? parseUrl(url) : undefined;
  if (!u) return undefined;
  if (u.port) return Number(u.port);
  return u.protocol === 'https:' ? 443 : u.protocol === 'http:' ? 80 : undefined;
}

/** NetworkPolicyPort.protocol defaults to TCP: fill it into user rules so they read back as built. */
export function normalizeRule(rule: Json): Json {
  if (!Array.isArray(rule['ports'])) return rule;
  return {
    ...rule,
    ports: (rule['ports'] as unknown[]).map((p) =>
      typeof p === 'object' && p !== null && !('protocol' in p) ? { ...p, protocol: 'TCP' } : p,
    ),
  };
}
