// Authentication and authorization answers: Forbidden for an unprivileged user, Unauthorized for a
// bad token, and impersonation headers (user and repeated group lines) as the API server reads them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createNamespace, deleteNamespace, eventually } from '@agent-operators/testing';
import {
  ForbiddenError,
  UnauthorizedError,
  createKubeClient,
  isForbidden,
} from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { adminClient, configMap } from './helpers.ts';

let admin: HttpKubeClient;
const tmp = mkdtempSync(join(tmpdir(), 'client-access-'));
let ns: string;
const opened: HttpKubeClient[] = [];

beforeAll(async () => {
  admin = await adminClient();
  ns = await createNamespace(admin, 'client-access');
  await admin.create(configMap(ns, 'secret-ish'));
});

afterAll(async () => {
  await deleteNamespace(admin, ns);
  for (const c of [admin, ...opened]) c.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A kubeconfig for the admin kubeconfig's cluster, with another user. */
function kubeconfigWithUser(user: Record<string, unknown>): KubeConfig {
  const adminKc = new KubeConfig();
  adminKc.loadFromFile(inject('kubeconfigPath'));
  const cluster = adminKc.getCurrentCluster();
  if (!cluster) throw new Error('admin kubeconfig has no cluster');
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [cluster],
    users: [{ name: 'u', ...user }],
    contexts: [{ name: 'u', cluster: cluster.name, user: 'u' }],
    currentContext: 'u',
  });
  return kc;
}

async function impersonating(user: string, groups?: string[]): Promise<HttpKubeClient> {
  const c = await adminClient({ impersonate: { user, groups } });
  opened.push(c);
  return c;
}

describe('access', () => {
  it('an unprivileged user gets ForbiddenError', async () => {
    const nobody = await impersonating('nobody@example.com');
    const err: unknown = await nobody
      .get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'secret-ish' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenError);
    expect(isForbidden(err)).toBe(true);
    expect((err as ForbiddenError).statusCode).toBe(403);
    expect((err as ForbiddenError).message).toContain('nobody@example.com');
    await expect(nobody.create(configMap(ns, 'nope'))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('impersonated groups are sent (one header line each) and grant access', async () => {
    const grouped = await impersonating('someone', ['system:authenticated', 'system:masters']);
    const got = await grouped.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'secret-ish' });
    expect(got.metadata.name).toBe('secret-ish');
    const review = await grouped.create<KubeObject>({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'SelfSubjectReview',
      metadata: {},
    });
    const userInfo = (review.status as { userInfo: { username: string; groups: string[] } }).userInfo;
    expect(userInfo.username).toBe('someone');
    expect(userInfo.groups).toEqual(expect.arrayContaining(['system:masters', 'system:authenticated']));
  });

  it('a bad bearer token gets UnauthorizedError', async () => {
    const bad = await createKubeClient({ kubeconfig: kubeconfigWithUser({ token: 'not-a-valid-token' }) });
    opened.push(bad);
    await expect(bad.list({ apiVersion: 'v1', kind: 'Namespace' })).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('a ServiceAccount token from TokenRequest, served by an exec plugin: Forbidden until RBAC allows', async () => {
    await admin.create({
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'robot', namespace: ns },
    });
    const tr = await admin.createSubresource<KubeObject & { status: { token: string } }>(
      { apiVersion: 'v1', kind: 'ServiceAccount', namespace: ns, name: 'robot' },
      'token',
      {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenRequest',
        metadata: {},
        spec: { expirationSeconds: 600 },
      },
    );
    expect(tr.status.token).toMatch(/^ey/);
    const credential = join(tmp, 'credential.json');
    writeFileSync(
      credential,
      JSON.stringify({
        apiVersion: 'client.authentication.k8s.io/v1',
        kind: 'ExecCredential',
        status: { token: tr.status.token },
      }),
    );
    const robot = await createKubeClient({
      kubeconfig: kubeconfigWithUser({
        exec: {
          apiVersion: 'client.authentication.k8s.io/v1',
          command: 'cat',
          args: [credential],
          interactiveMode: 'Never',
        },
      }),
    });
    opened.push(robot);
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'secret-ish' };
    const err: unknown = await robot.get(ref).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenError);
    expect((err as ForbiddenError).message).toContain(`system:serviceaccount:${ns}:robot`);

    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'read-cm', namespace: ns },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }],
    });
    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'robot-read-cm', namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'read-cm' },
      subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: ns }],
    });
    // The RBAC authorizer sees new bindings through its informers, a moment later.
    const got = await eventually('the RoleBinding to let robot read the ConfigMap', () => robot.get(ref));
    expect(got.metadata.name).toBe('secret-ish');
  });
});
