// Turns a KubeConfig into what our HTTP code needs: the server URL, one keep-alive Agent carrying
// the TLS settings, and the auth headers. @kubernetes/client-node does the kubeconfig and auth work
// (certificates, tokens, exec plugins, token files); the requests are ours.
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

/** Header values; arrays go out as repeated header lines. */
export type Headers = Record<string, string | string[]>;

export interface Impersonation {
  user: string;
  groups?: string[];
  uid?: string;
}

export interface Connection {
  /** Server base URL, e.g. https://127.0.0.1:6443 (may carry a path prefix). */
  readonly server: URL;
  /** `host:port`, the `host` label of the rest_client metrics. */
  readonly host: string;
  readonly agent: http.Agent;
  /** Auth (and impersonation) headers for one request. */
  headers(): Promise<Headers>;
  /** Forget cached credentials (after a 401) so the next request asks client-node again. */
  invalidateCredentials(): void;
  /** Destroys every socket of the agent. */
  close(): void;
}

export interface ConnectionOptions {
  impersonate?: Impersonation;
  /**
   * How long dynamic credentials (exec plugins, auth providers, token files) are reused before
   * client-node is asked again; client-node caches them itself until they expire.
   */
  credentialTtlMs?: number;
}

const TLS_KEYS = ['ca', 'cert', 'key', 'pfx', 'passphrase', 'rejectUnauthorized', 'servername'] as const;

async function credentialsFrom(
  kc: KubeConfig,
): Promise<{ opts: https.RequestOptions; headers: Record<string, string> }> {
  const opts: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries((opts.headers ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string') headers[k] = v;
  }
  if (typeof opts.auth === 'string' && opts.auth !== '') {
    headers.Authorization = `Basic ${Buffer.from(opts.auth).toString('base64')}`;
  }
  return { opts, headers };
}

function impersonationHeaders(imp: Impersonation | undefined): Record<string, string> {
  if (!imp) return {};
  const h: Record<string, string> = { 'Impersonate-User': imp.user };
  if (imp.uid) h['Impersonate-Uid'] = imp.uid;
  return h;
}

export async function connectionFromKubeConfig(
  kc: KubeConfig,
  options: ConnectionOptions = {},
): Promise<Connection> {
  const cluster = kc.getCurrentCluster();
  if (!cluster?.server) throw new Error('kubeconfig has no current cluster with a server URL');
  const server = new URL(cluster.server);
  const user = kc.getCurrentUser();
  // Static credentials (client certificates, a literal token, basic auth) never change: read once.
  const dynamic = Boolean(user?.exec || user?.authProvider);
  const ttl = options.credentialTtlMs ?? 5_000;

  const first = await credentialsFrom(kc);
  const agentOptions: https.AgentOptions = { keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo' };
  for (const k of TLS_KEYS) {
    const v = first.opts[k];
    // Assigning through a loose view: the keys are the same on both option types.
    if (v !== undefined) (agentOptions as Record<string, unknown>)[k] = v;
  }
  // A proxied cluster keeps client-node's proxy agent (cached per cluster by client-node).
  const agent: http.Agent = cluster.proxyUrl
    ? (first.opts.agent as http.Agent)
    : server.protocol === 'http:'
      ? new http.Agent({ keepAlive: true, keepAliveMsecs: 30_000, scheduling: 'lifo' })
      : new https.Agent(agentOptions);

  const impersonation = impersonationHeaders(options.impersonate);
  let cached = first.headers;
  let cachedAt = Date.now();
  let refreshing: Promise<Record<string, string>> | undefined;

  const groups = options.impersonate?.groups ?? [];
  const withImpersonation = (h: Record<string, string>): Headers => {
    const out: Headers = { ...h, ...impersonation };
    // One header line per group, as the API server expects.
    if (groups.length > 0) out['Impersonate-Group'] = groups;
    return out;
  };

  return {
    server,
    host: server.host,
    agent,
    async headers() {
      if (!dynamic || Date.now() - cachedAt < ttl) return withImpersonation(cached);
      refreshing ??= credentialsFrom(kc)
        .then((c) => {
          cached = c.headers;
          cachedAt = Date.now();
          return c.headers;
        })
        .finally(() => {
          refreshing = undefined;
        });
      return withImpersonation(await refreshing);
    },
    invalidateCredentials() {
      cachedAt = 0;
    },
    close() {
      agent.destroy();
    },
  };
}
