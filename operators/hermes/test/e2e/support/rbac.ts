// The operator runs with the RBAC the project ships (config/rbac, generated from the declared
// rules): a ServiceAccount bound to it, and a kubeconfig holding that account's token.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import { OPERATOR_NAMESPACE, SERVICE_ACCOUNT } from '../../../src/controllers/codegen.ts';

const RBAC_DIR = join(import.meta.dirname, '..', '..', '..', 'config', 'rbac');

/** Applies config/rbac (namespace created if needed). */
export async function installRbac(client: HttpKubeClient): Promise<void> {
  await client
    .create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: OPERATOR_NAMESPACE } })
    .catch((err: { statusCode?: number }) => {
      if (err.statusCode !== 409) throw err;
    });
  for (const file of readdirSync(RBAC_DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')) {
    const obj = parse(readFileSync(join(RBAC_DIR, file), 'utf8')) as KubeObject;
    await client.apply(obj, { fieldManager: 'hermes-e2e', force: true });
  }
}

/** A kubeconfig for the operator's ServiceAccount (a 24 h token), written to `path`. */
export async function serviceAccountKubeconfig(
  client: HttpKubeClient,
  adminKubeconfigPath: string,
  path: string,
): Promise<string> {
  const token = await client.createSubresource<KubeObject & { status: { token: string } }>(
    { apiVersion: 'v1', kind: 'ServiceAccount', namespace: OPERATOR_NAMESPACE, name: SERVICE_ACCOUNT },
    'token',
    {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      metadata: {},
      spec: { expirationSeconds: 86_400 },
    },
  );
  const admin = parse(readFileSync(adminKubeconfigPath, 'utf8')) as {
    clusters: { name: string; cluster: Record<string, string> }[];
  };
  const cluster = admin.clusters[0]!;
  writeFileSync(
    path,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [cluster],
      users: [{ name: SERVICE_ACCOUNT, user: { token: token.status.token } }],
      contexts: [{ name: 'operator', context: { cluster: cluster.name, user: SERVICE_ACCOUNT } }],
      'current-context': 'operator',
    }),
  );
  return path;
}
