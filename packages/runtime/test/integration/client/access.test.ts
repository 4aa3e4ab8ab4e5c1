// Authentication and authorization answers: Forbidden for an unprivileged user, Unauthorized for a
// bad token, and impersonation headers (user and repeated group lines) as the API server reads them.
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  ForbiddenError,
  UnauthorizedError,
  createKubeClient,
  isForbidden,
} from '../../../src/client/index.ts';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { adminClient, configMap, createNamespace, deleteNamespace } from './helpers.ts';

let admin: HttpKubeClient;
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
});

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
    const adminKc = new KubeConfig();
    adminKc.loadFromFile(inject('kubeconfigPath'));
    const cluster = adminKc.getCurrentCluster();
    if (!cluster) throw new Error('admin kubeconfig has no cluster');
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [cluster],
      users: [{ name: 'bad', token: 'not-a-valid-token' }],
      contexts: [{ name: 'bad', cluster: cluster.name, user: 'bad' }],
      currentContext: 'bad',
    });
    const bad = await createKubeClient({ kubeconfig: kc });
    opened.push(bad);
    await expect(bad.list({ apiVersion: 'v1', kind: 'Namespace' })).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
