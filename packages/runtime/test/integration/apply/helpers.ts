// Setup shared by the apply integration tests: an admin client on the run's API server and
// unique namespaces, so test files never see each other's objects.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject, ObjectRef } from '../../../src/client/types.ts';

export function adminClient(): Promise<HttpKubeClient> {
  // No client-side throttling: the tests count requests, they do not want to wait for tokens.
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath'), qps: 1000, burst: 1000 });
}

export async function createNamespace(client: HttpKubeClient, prefix: string): Promise<string> {
  const name = `${prefix}-${randomBytes(4).toString('hex')}`;
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return name;
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
