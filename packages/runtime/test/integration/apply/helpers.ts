// Setup shared by the apply integration tests: an admin client on the run's API server, object
// references and an owner. Unique namespaces come from @agent-operators/testing.
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject, ObjectRef } from '../../../src/client/types.ts';

export function adminClient(): Promise<HttpKubeClient> {
  // No client-side throttling: the tests count requests, they do not want to wait for tokens.
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath'), qps: 1000, burst: 1000 });
}

export function refTo(obj: KubeObject): ObjectRef {
  const { name = '', namespace } = obj.metadata;
  return namespace
    ? { apiVersion: obj.apiVersion, kind: obj.kind, name, namespace }
    : { apiVersion: obj.apiVersion, kind: obj.kind, name };
}

/** Reads an object fresh from the API server, as an informer cache would hold it. */
export function read<T extends KubeObject = KubeObject>(client: HttpKubeClient, obj: KubeObject): Promise<T> {
  return client.get<T>(refTo(obj));
}

/** An owner with a real uid: the tests' stand-in for a HermesInstance (no CRD needed). */
export function createOwner(client: HttpKubeClient, namespace: string): Promise<KubeObject> {
  return client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace } });
}
