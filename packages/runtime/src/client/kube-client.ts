// The KubeClient implementation: discovery-mapped REST calls over our own HTTP code, with
// @kubernetes/client-node used only to read the kubeconfig and produce credentials.
import type http from 'node:http';
import { KubeConfig } from '@kubernetes/client-node';
import { connectionFromKubeConfig } from './connection.ts';
import type { Connection, Impersonation } from './connection.ts';
import { Discovery } from './discovery.ts';
import { errorFromResponse, isGone } from './errors.ts';
import { HttpClient } from './http-client.ts';
import type { HttpMethod, WarningHandler } from './http-client.ts';
import { resourcePath, withQuery } from './paths.ts';
import { TokenBucket } from './rate-limiter.ts';
import type {
  ApplyOptions,
  DeleteOptions,
  KindRef,
  KubeClient,
  KubeList,
  KubeObject,
  ListOptions,
  ObjectRef,
  PatchType,
  RequestOptions,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from './types.ts';
import { watchStream } from './watch-stream.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Page size `listAll` uses when the caller gives none (client-go's pager default). */
export const DEFAULT_PAGE_SIZE = 500;

export interface KubeClientOptions {
  /** Read this kubeconfig file. Without it and `kubeconfig`: KUBECONFIG, ~/.kube/config or in-cluster. */
  kubeconfigPath?: string;
  kubeconfig?: KubeConfig;
  /** Client-side rate limit (token bucket); default 20 requests/s, burst 30. */
  qps?: number;
  burst?: number;
  /** Default request timeout in ms (watches: only until the stream opens). Default 30 s; 0 disables. */
  timeoutMs?: number;
  userAgent?: string;
  /** Act as another user (`Impersonate-User`/`-Group` headers); the kubeconfig user needs `impersonate` RBAC. */
  impersonate?: Impersonation;
  /** Receives every `Warning` header (admission warnings, deprecated APIs). Default: ignored. */
  onWarning?: WarningHandler;
}

/** What `createKubeClient` returns: the contract plus handles for tests and shutdown. */
export interface HttpKubeClient extends KubeClient {
  /** The keep-alive Agent every request goes through. */
  readonly agent: http.Agent;
  readonly limiter: TokenBucket;
  readonly discovery: Discovery;
  /**
   * POSTs `body` to a subresource of `parent` whose body kind differs from the parent's, e.g. a
   * TokenRequest to `serviceaccounts/<name>/token` or an Eviction to `pods/<name>/eviction`.
   */
  createSubresource<T extends KubeObject = KubeObject>(
    parent: ObjectRef,
    subresource: string,
    body: KubeObject,
    opts?: WriteOptions,
  ): Promise<T>;
  /** Destroys the agent's sockets; in-flight requests fail. */
  close(): void;
}

const PATCH_CONTENT_TYPES: Record<PatchType, string> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
};

const APPLY_CONTENT_TYPE = 'application/apply-patch+yaml';

function loadKubeConfig(opts: KubeClientOptions): KubeConfig {
  if (opts.kubeconfig) return opts.kubeconfig;
  const kc = new KubeConfig();
  if (opts.kubeconfigPath) kc.loadFromFile(opts.kubeconfigPath);
  else kc.loadFromDefault();
  return kc;
}

export async function createKubeClient(opts: KubeClientOptions = {}): Promise<HttpKubeClient> {
  const kc = loadKubeConfig(opts);
  const conn = await connectionFromKubeConfig(kc, { impersonate: opts.impersonate });
  const limiter = new TokenBucket({ qps: opts.qps, burst: opts.burst });
  const http = new HttpClient(conn, {
    limiter,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    userAgent: opts.userAgent ?? `agent-operators-runtime (node/${process.versions.node})`,
    ...(opts.onWarning ? { onWarning: opts.onWarning } : {}),
  });
  const server = kc.getCurrentCluster()?.server.replace(/\/$/, '') ?? conn.server.origin;
  return new Client(http, conn, limiter, server);
}

/** Sets apiVersion/kind on list and watch items where the server left them out (built-in kinds). */
function withTypeMeta<T extends KubeObject>(obj: T, apiVersion: string, kind: string): T {
  if (!obj.apiVersion) obj.apiVersion = apiVersion;
  if (!obj.kind) obj.kind = kind;
  return obj;
}

class Client implements HttpKubeClient {
  readonly server: string;
  readonly limiter: TokenBucket;
  readonly discovery: Discovery;
  readonly #http: HttpClient;
  readonly #conn: Connection;

  constructor(httpClient: HttpClient, conn: Connection, limiter: TokenBucket, server: string) {
    this.#http = httpClient;
    this.#conn = conn;
    this.limiter = limiter;
    this.server = server;
    this.discovery = new Discovery(async (path) => {
      const res = await this.#http.request({ method: 'GET', path });
      if (res.statusCode === 404) return undefined;
      if (res.statusCode < 200 || res.statusCode > 299) throw errorFromResponse(res.statusCode, res.body);
      return res.body;
    });
  }

  get agent(): http.Agent {
    return this.#conn.agent;
  }

  close(): void {
    this.#conn.close();
  }

  resourceFor(apiVersion: string, kind: string): Promise<ResourceInfo> {
    return this.discovery.resourceFor(apiVersion, kind);
  }

  invalidateDiscovery(): void {
    this.discovery.invalidate();
  }

  async get<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    opts: RequestOptions & { subresource?: string } = {},
  ): Promise<T> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind);
    const path = resourcePath(info, {
      namespace: namespaceFor(info, ref.namespace, true),
      name: ref.name,
      subresource: opts.subresource,
    });
    return (await this.#send('GET', path, opts)) as T;
  }

  async list<T extends KubeObject = KubeObject>(kind: KindRef, opts: ListOptions = {}): Promise<KubeList<T>> {
    const info = await this.resourceFor(kind.apiVersion, kind.kind);
    const path = withQuery(resourcePath(info, { namespace: namespaceFor(info, kind.namespace, false) }), {
      labelSelector: opts.labelSelector,
      fieldSelector: opts.fieldSelector,
      limit: opts.limit,
      continue: opts.continue,
      resourceVersion: opts.resourceVersion,
      resourceVersionMatch: opts.resourceVersionMatch,
    });
    const list = (await this.#send('GET', path, opts)) as KubeList<T>;
    list.items = (list.items ?? []).map((item) => withTypeMeta(item, kind.apiVersion, kind.kind));
    list.metadata ??= {};
    return list;
  }

  async listAll<T extends KubeObject = KubeObject>(
    kind: KindRef,
    opts: ListOptions = {},
  ): Promise<{ items: T[]; resourceVersion: string }> {
    const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
    const items: T[] = [];
    let cont = opts.continue;
    for (;;) {
      let page: KubeList<T>;
      try {
        page = await this.list<T>(kind, { ...opts, limit, continue: cont });
      } catch (err) {
        // An expired continue token: fall back to one unpaginated list, like client-go's pager.
        if (!cont || !isGone(err)) throw err;
        const full = await this.list<T>(kind, { ...opts, limit: undefined, continue: undefined });
        return { items: full.items, resourceVersion: full.metadata.resourceVersion ?? '' };
      }
      items.push(...page.items);
      cont = page.metadata.continue;
      if (!cont) return { items, resourceVersion: page.metadata.resourceVersion ?? '' };
    }
  }

  async create<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind);
    // A subresource of the same kind addresses the object by name; for another body kind (TokenRequest,
    // Eviction) use createSubresource, since discovery maps the body kind, not the parent.
    const path = resourcePath(info, {
      namespace: namespaceFor(info, obj.metadata?.namespace, true),
      name: opts.subresource ? (obj.metadata?.name ?? '') : undefined,
      subresource: opts.subresource,
    });
    return (await this.#send('POST', withQuery(path, writeQuery(opts)), opts, JSON.stringify(obj))) as T;
  }

  async createSubresource<T extends KubeObject = KubeObject>(
    parent: ObjectRef,
    subresource: string,
    body: KubeObject,
    opts: WriteOptions = {},
  ): Promise<T> {
    const path = await this.#refPath(parent, subresource);
    return (await this.#send('POST', withQuery(path, writeQuery(opts)), opts, JSON.stringify(body))) as T;
  }

  async update<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    const path = await this.#itemPath(obj, opts.subresource);
    return (await this.#send('PUT', withQuery(path, writeQuery(opts)), opts, JSON.stringify(obj))) as T;
  }

  async patch<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    type: PatchType,
    body: unknown,
    opts: WriteOptions = {},
  ): Promise<T> {
    const contentType = PATCH_CONTENT_TYPES[type];
    if (!contentType) throw new Error(`unknown patch type ${String(type)}`);
    const path = await this.#refPath(ref, opts.subresource);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return (await this.#send('PATCH', withQuery(path, writeQuery(opts)), opts, text, contentType)) as T;
  }

  async apply<T extends KubeObject>(obj: T, opts: ApplyOptions): Promise<T> {
    if (!opts?.fieldManager) throw new Error('apply needs an explicit fieldManager');
    const path = await this.#itemPath(obj, opts.subresource);
    const query = { ...writeQuery(opts), force: opts.force ? true : undefined };
    // JSON is valid YAML, so the apply content type takes a JSON body.
    return (await this.#send(
      'PATCH',
      withQuery(path, query),
      opts,
      JSON.stringify(obj),
      APPLY_CONTENT_TYPE,
    )) as T;
  }

  async delete(ref: ObjectRef, opts: DeleteOptions = {}): Promise<void> {
    const path = await this.#refPath(ref, undefined);
    const body: Record<string, unknown> = { apiVersion: 'v1', kind: 'DeleteOptions' };
    if (opts.propagationPolicy) body.propagationPolicy = opts.propagationPolicy;
    if (opts.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = opts.gracePeriodSeconds;
    if (opts.preconditions) body.preconditions = opts.preconditions;
    if (opts.dryRun) body.dryRun = ['All'];
    await this.#send(
      'DELETE',
      withQuery(path, { dryRun: opts.dryRun ? 'All' : undefined }),
      opts,
      JSON.stringify(body),
    );
  }

  watch<T extends KubeObject = KubeObject>(
    kind: KindRef,
    opts: WatchOptions = {},
  ): AsyncIterable<WatchEvent<T>> {
    // Lazy: nothing is sent until the caller starts iterating.
    return { [Symbol.asyncIterator]: () => this.#watch<T>(kind, opts) };
  }

  async *#watch<T extends KubeObject>(
    kind: KindRef,
    opts: WatchOptions,
  ): AsyncGenerator<WatchEvent<T>, void, undefined> {
    const info = await this.resourceFor(kind.apiVersion, kind.kind);
    const path = withQuery(resourcePath(info, { namespace: namespaceFor(info, kind.namespace, false) }), {
      watch: 'true',
      labelSelector: opts.labelSelector,
      fieldSelector: opts.fieldSelector,
      resourceVersion: opts.resourceVersion,
      allowWatchBookmarks: opts.allowWatchBookmarks ? 'true' : undefined,
      timeoutSeconds: opts.timeoutSeconds,
    });
    const stream = watchStream<T>(
      this.#http,
      { method: 'GET', path, signal: opts.signal, timeoutMs: opts.timeoutMs },
      opts.onOpen,
    );
    for await (const evt of stream) {
      if (evt.type !== 'ERROR') withTypeMeta(evt.object, kind.apiVersion, kind.kind);
      yield evt;
    }
  }

  async #itemPath(obj: KubeObject, subresource: string | undefined): Promise<string> {
    return this.#refPath(
      {
        apiVersion: obj.apiVersion,
        kind: obj.kind,
        name: obj.metadata?.name ?? '',
        namespace: obj.metadata?.namespace,
      },
      subresource,
    );
  }

  async #refPath(ref: ObjectRef, subresource: string | undefined): Promise<string> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind);
    return resourcePath(info, {
      namespace: namespaceFor(info, ref.namespace, true),
      name: ref.name,
      subresource,
    });
  }

  #send(
    method: HttpMethod,
    path: string,
    opts: RequestOptions,
    body?: string,
    contentType?: string,
  ): Promise<unknown> {
    return this.#http.requestOk({
      method,
      path,
      body,
      contentType,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
  }
}

/** Namespaced kinds need a namespace for single-object calls; cluster-scoped kinds ignore it. */
function namespaceFor(
  info: ResourceInfo,
  namespace: string | undefined,
  required: boolean,
): string | undefined {
  if (!info.namespaced) return undefined;
  if (required && !namespace) throw new Error(`${info.kind} is namespaced: metadata.namespace is required`);
  return namespace || undefined;
}

function writeQuery(opts: WriteOptions): Record<string, string | undefined> {
  return { dryRun: opts.dryRun ? 'All' : undefined, fieldManager: opts.fieldManager };
}
