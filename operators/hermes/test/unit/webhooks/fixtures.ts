// Admission requests shaped like the API server's, and an in-memory KubeClient that answers GETs
// (unit tests only: the integration tests run against a real API server).
import { ForbiddenError, NotFoundError } from '@agent-operators/runtime/client';
import type { KubeClient, KubeObject, ObjectRef } from '@agent-operators/runtime/client';
import { silentLogger } from '@agent-operators/runtime/logging';
import type { AdmissionOperation, AdmissionRequest, HandlerContext } from '@agent-operators/runtime/webhook';
import type { HermesClusterDefaultsResource } from '../../../src/api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource, HermesInstanceSpec } from '../../../src/api/v1/hermes-instance.ts';
import type {
  HermesSelfConfigResource,
  HermesSelfConfigSpec,
} from '../../../src/api/v1/hermes-self-config.ts';

export const NS = 'team-a';
export const API = 'hermes.agent/v1';

export function ctx(): HandlerContext {
  return { signal: new AbortController().signal, path: '/test', logger: silentLogger() };
}

export function instance(
  spec: HermesInstanceSpec,
  extra: Partial<HermesInstanceResource> = {},
): HermesInstanceResource {
  return {
    apiVersion: API,
    kind: 'HermesInstance',
    metadata: { name: 'my-hermes', namespace: NS, uid: 'uid-1' },
    spec,
    ...extra,
  };
}

export function selfConfig(spec: HermesSelfConfigSpec, name = 'req-1'): HermesSelfConfigResource {
  return { apiVersion: API, kind: 'HermesSelfConfig', metadata: { name, namespace: NS }, spec };
}

export function clusterDefaults(
  spec: HermesClusterDefaultsResource['spec'],
  name = 'cluster',
): HermesClusterDefaultsResource {
  return { apiVersion: API, kind: 'HermesClusterDefaults', metadata: { name }, spec };
}

export function request<T extends KubeObject>(
  object: T | null,
  opts: { operation?: AdmissionOperation; oldObject?: T | null; group?: string } = {},
): AdmissionRequest<T> {
  const kind = object?.kind ?? opts.oldObject?.kind ?? 'HermesInstance';
  const group = opts.group ?? 'hermes.agent';
  const namespace = (object ?? opts.oldObject)?.metadata.namespace;
  return {
    uid: 'req-uid',
    kind: { group, version: 'v1', kind },
    resource: { group, version: 'v1', resource: `${kind.toLowerCase()}s` },
    name: (object ?? opts.oldObject)?.metadata.name ?? '',
    ...(namespace ? { namespace } : {}),
    operation: opts.operation ?? 'CREATE',
    userInfo: { username: 'admin' },
    object,
    oldObject: opts.oldObject ?? null,
  };
}

export interface FakeClient extends KubeClient {
  /** Every GET made, as `Kind ns/name` (apiVersion in brackets when not v1). */
  readonly gets: string[];
}

const unsupported = (what: string) => () => Promise.reject(new Error(`fake client: ${what} not supported`));

/** A KubeClient whose GETs read `objects`; `forbidden` names (Kind/name) answer 403. */
export function fakeClient(
  objects: KubeObject[] = [],
  opts: { forbidden?: string[]; failWith?: Error } = {},
): FakeClient {
  const gets: string[] = [];
  const key = (r: {
    apiVersion: string;
    kind: string;
    namespace?: string | undefined;
    name?: string | undefined;
  }) => `${r.apiVersion} ${r.kind} ${r.namespace ?? ''}/${r.name ?? ''}`;
  const store = new Map(objects.map((o) => [key({ ...o, ...o.metadata }), o]));
  const client: FakeClient = {
    gets,
    server: 'https://fake.invalid',
    get<T extends KubeObject = KubeObject>(ref: ObjectRef): Promise<T> {
      gets.push(
        `${ref.kind} ${ref.namespace ?? ''}/${ref.name}${ref.apiVersion === 'v1' ? '' : ` [${ref.apiVersion}]`}`,
      );
      if (opts.failWith) return Promise.reject(opts.failWith);
      if (opts.forbidden?.includes(`${ref.kind}/${ref.name}`)) {
        return Promise.reject(
          new ForbiddenError({ statusCode: 403, reason: 'Forbidden', message: 'forbidden' }),
        );
      }
      const found = store.get(key(ref));
      if (!found) {
        return Promise.reject(
          new NotFoundError({ statusCode: 404, reason: 'NotFound', message: `${ref.name} not found` }),
        );
      }
      return Promise.resolve(structuredClone(found) as T);
    },
    list: unsupported('list'),
    listAll: unsupported('listAll'),
    create: unsupported('create'),
    update: unsupported('update'),
    patch: unsupported('patch'),
    apply: unsupported('apply'),
    delete: unsupported('delete'),
    watch: () => {
      throw new Error('fake client: watch not supported');
    },
    resourceFor: unsupported('resourceFor'),
    invalidateDiscovery: () => {},
  };
  return client;
}

export function secret(name: string, data: Record<string, string>): KubeObject {
  const encoded = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
  );
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NS }, data: encoded };
}

export function configMap(name: string, data: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: NS }, data };
}
