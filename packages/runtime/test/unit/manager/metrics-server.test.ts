// The metrics server over HTTPS with certificate files (the self-signed path is covered by the
// integration tests), and over HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MetricsServer } from '../../../src/manager/metrics-server.ts';
import { createCertificateAuthority, issueServingCertificate } from '../../../src/tls/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'metrics-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function get(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('MetricsServer', () => {
  it('serves HTTPS with the given certificate files, verifiable against their CA', async () => {
    const ca = await createCertificateAuthority({ commonName: 'test-ca' });
    const pair = await issueServingCertificate(ca, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] });
    const certFile = join(dir, 'tls.crt');
    const keyFile = join(dir, 'tls.key');
    writeFileSync(certFile, pair.certPem);
    writeFileSync(keyFile, pair.keyPem);
    const server = new MetricsServer();
    await server.start(
      { address: '127.0.0.1:0', secure: true, certFile, keyFile },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await get(server.url!, ca.certPem);
      expect(res.status).toBe(200);
      expect(res.body).toContain('# TYPE');
    } finally {
      await server.stop();
    }
  });

  it('refuses a cert file without a key file', async () => {
    const server = new MetricsServer();
    await expect(
      server.start({ address: '127.0.0.1:0', secure: true, certFile: '/x' }, { host: '127.0.0.1', port: 0 }),
    ).rejects.toThrow(/go together/);
  });

  it('serves plain HTTP when secure is false', async () => {
    const server = new MetricsServer();
    await server.start({ address: '127.0.0.1:0', secure: false }, { host: '127.0.0.1', port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\//);
      const res = await fetch(server.url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect((await fetch(server.url!.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
