import { X509Certificate } from 'node:crypto';
import { mkdtemp, rename, rm, symlink, writeFile, mkdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logging/index.ts';
import type { CertificatePair } from '../../../src/tls/index.ts';
import { createCertificateAuthority, issueServingCertificate } from '../../../src/tls/index.ts';
import { allow, fileCertificateSource, WebhookServer } from '../../../src/webhook/index.ts';
import { admissionReview, configMap } from './fixtures.ts';
import { post, presentedFingerprint } from './https-client.ts';

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('file certificates', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  async function setup(pollIntervalMs: number) {
    const ca = await createCertificateAuthority({ commonName: 'files-ca' });
    const issue = () => issueServingCertificate(ca, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] });
    const dir = await mkdtemp(join(tmpdir(), 'webhook-certs-'));
    const server = new WebhookServer({
      certificates: fileCertificateSource({ dir, pollIntervalMs, debounceMs: 20, logger: silentLogger() }),
      port: 0,
      host: '127.0.0.1',
      logger: silentLogger(),
      metrics: false,
    }).addValidating('/v', () => allow());
    cleanups.push(async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    });
    return { ca, issue, dir, server };
  }

  const writePair = async (dir: string, pair: CertificatePair) => {
    await writeFile(join(dir, 'tls.key'), pair.keyPem);
    await writeFile(join(dir, 'tls.crt'), pair.certPem);
  };

  it('serves the mounted certificate and presents a new one after the files change', async () => {
    const { ca, issue, dir, server } = await setup(60_000);
    const first = await issue();
    await writePair(dir, first);
    await server.start();
    expect(await presentedFingerprint(server.port)).toBe(fingerprint(first.certPem));
    expect((await post(server.port, '/v', admissionReview(configMap('a')), { ca: ca.certPem })).status).toBe(
      200,
    );

    const second = await issue();
    await writePair(dir, second);
    await waitFor(async () => (await presentedFingerprint(server.port)) === fingerprint(second.certPem));
    expect(server.certificate).toBe(second.certPem);
    expect((await post(server.port, '/v', admissionReview(configMap('a')), { ca: ca.certPem })).status).toBe(
      200,
    );
  });

  it('follows a kubelet-style atomic swap of the ..data symlink', async () => {
    const { issue, dir, server } = await setup(60_000);
    const first = await issue();
    await mkdir(join(dir, '..v1'));
    await writePair(join(dir, '..v1'), first);
    await symlink('..v1', join(dir, '..data'));
    await symlink('..data/tls.crt', join(dir, 'tls.crt'));
    await symlink('..data/tls.key', join(dir, 'tls.key'));
    await server.start();
    expect(await presentedFingerprint(server.port)).toBe(fingerprint(first.certPem));

    const second = await issue();
    await mkdir(join(dir, '..v2'));
    await writePair(join(dir, '..v2'), second);
    await symlink('..v2', join(dir, '..data_tmp'));
    await rename(join(dir, '..data_tmp'), join(dir, '..data'));
    await waitFor(async () => (await presentedFingerprint(server.port)) === fingerprint(second.certPem));
  });

  it('keeps the current certificate while the files are inconsistent, then picks up the fixed pair', async () => {
    const { issue, dir, server } = await setup(100);
    const first = await issue();
    await writePair(dir, first);
    await server.start();
    const second = await issue();
    // Only the certificate is replaced: the key no longer matches, so nothing changes.
    await writeFile(join(dir, 'tls.crt'), second.certPem);
    await new Promise((r) => setTimeout(r, 300));
    expect(await presentedFingerprint(server.port)).toBe(fingerprint(first.certPem));
    await unlink(join(dir, 'tls.key'));
    await new Promise((r) => setTimeout(r, 150));
    expect(await presentedFingerprint(server.port)).toBe(fingerprint(first.certPem));
    // The periodic check alone (no watch event needed) finds the completed pair.
    await writeFile(join(dir, 'tls.key'), second.keyPem);
    await waitFor(async () => (await presentedFingerprint(server.port)) === fingerprint(second.certPem));
  });

  it('fails to start when the files are missing', async () => {
    const { server } = await setup(60_000);
    await expect(server.start()).rejects.toThrow(/ENOENT/);
  });
});
