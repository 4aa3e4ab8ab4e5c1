// The self-managed CA Secret on the real API server: concurrent creation converges on one CA,
// an expiring CA is rotated with the old one still trusted, a broken Secret is reported, not replaced.
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace } from '@agent-operators/testing';
import type { HttpKubeClient, KubeObject } from '../../../src/client/index.ts';
import { metricsRegistry } from '../../../src/metrics/index.ts';
import { silentLogger } from '../../../src/logging/index.ts';
import type { ServingCertificate } from '../../../src/webhook/index.ts';
import { ensureCASecret, selfManagedCertificateSource } from '../../../src/webhook/index.ts';
import { adminClient } from './helpers.ts';

let client: HttpKubeClient;
let ns: string;

beforeAll(async () => {
  client = await adminClient();
  ns = await createNamespace(client, 'webhook-ca');
});

afterAll(async () => {
  if (client) await deleteNamespace(client, ns);
  client?.close();
});

/** How many 409 answers the client has seen for `method` (AlreadyExists or Conflict). */
async function conflicts(method: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('rest_client_requests_total')?.get();
  return (metric?.values ?? [])
    .filter((v) => v.labels['code'] === '409' && v.labels['method'] === method)
    .reduce((sum, v) => sum + v.value, 0);
}

describe('webhook CA Secret', () => {
  it('replicas racing to create it all end up with the one CA that was stored', async () => {
    const conflictsBefore = await conflicts('POST');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => ensureCASecret(client, { namespace: ns, name: 'raced' })),
    );
    const stored = await client.get<KubeObject & { type: string; data: Record<string, string> }>({
      apiVersion: 'v1',
      kind: 'Secret',
      namespace: ns,
      name: 'raced',
    });
    expect(stored.type).toBe('kubernetes.io/tls');
    // The race really happened: some creates lost with AlreadyExists and read the winner.
    expect(await conflicts('POST')).toBeGreaterThan(conflictsBefore);
    const storedCert = Buffer.from(stored.data['tls.crt'] ?? '', 'base64').toString();
    for (const r of results) {
      expect(r.ca.certPem).toBe(storedCert);
      expect(r.caBundle).toBe(storedCert);
    }
    expect(new X509Certificate(storedCert).ca).toBe(true);
    // Steady state: reading again writes nothing.
    await ensureCASecret(client, { namespace: ns, name: 'raced' });
    const again = await client.get({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 'raced' });
    expect(again.metadata.resourceVersion).toBe(stored.metadata.resourceVersion);
  });

  it('rotates a CA about to expire and keeps trusting the old one', async () => {
    const old = await ensureCASecret(client, { namespace: ns, name: 'rotated', validityDays: 2 });
    const renewBeforeMs = 30 * 86_400_000;
    const conflictsBefore = await conflicts('PATCH');
    const [a, b] = await Promise.all([
      ensureCASecret(client, { namespace: ns, name: 'rotated', renewBeforeMs }),
      ensureCASecret(client, { namespace: ns, name: 'rotated', renewBeforeMs }),
    ]);
    expect(a?.ca.certPem).not.toBe(old.ca.certPem);
    // The conditional patch lets only one rotation win; the other replica reads it.
    expect(b?.ca.certPem).toBe(a?.ca.certPem);
    expect(await conflicts('PATCH')).toBeGreaterThan(conflictsBefore);
    // Exactly the two PEM blocks, each on its own lines (Go's decoder is strict about that).
    expect(a?.caBundle).toBe(`${a?.ca.certPem.trim()}\n${old.ca.certPem.trim()}\n`);
  });

  it('reports a Secret without the CA fields instead of overwriting it', async () => {
    await client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'foreign', namespace: ns },
      data: { unrelated: Buffer.from('x').toString('base64') },
    });
    await expect(ensureCASecret(client, { namespace: ns, name: 'foreign' })).rejects.toThrow(
      `the webhook CA Secret ${ns}/foreign has no "tls.crt"; delete it to regenerate`,
    );
  });

  it('the serving certificate is re-issued once two thirds of its validity have passed', async () => {
    const source = selfManagedCertificateSource({
      client,
      secret: { namespace: ns, name: 'serving' },
      ipAddresses: ['127.0.0.1'],
      servingValidityDays: 3 / 86_400, // three seconds
      logger: silentLogger(),
    });
    const changes: ServingCertificate[] = [];
    const first = await source.start((cert) => changes.push(cert));
    await source.sync();
    expect(changes).toEqual([]);
    await new Promise((r) => setTimeout(r, 2200));
    await source.sync();
    expect(changes).toHaveLength(1);
    expect(changes[0]?.cert).not.toBe(first.cert);
    const ca = (await ensureCASecret(client, { namespace: ns, name: 'serving' })).ca.certPem;
    expect(new X509Certificate(changes[0]?.cert ?? '').checkIssued(new X509Certificate(ca))).toBe(true);
    await source.stop();
  });
});
