import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCertificateAuthority,
  expiresWithin,
  importSigningKeyPem,
  inspectCertificate,
  issueServingCertificate,
  serviceDnsNames,
} from '../../../src/tls/index.ts';

describe('tls helpers', () => {
  it('creates a self-signed ECDSA P-256 CA', async () => {
    const ca = await createCertificateAuthority({ commonName: 'test-ca', validityDays: 10 });
    const cert = new X509Certificate(ca.certPem);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toBe('CN=test-ca');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(ca.keyPem))).toBe(true);
    expect(createPrivateKey(ca.keyPem).asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const info = inspectCertificate(ca.certPem);
    expect(info.notBefore.getTime()).toBeLessThan(Date.now());
    expect(expiresWithin(ca.certPem, 9 * 86_400_000)).toBe(false);
    expect(expiresWithin(ca.certPem, 11 * 86_400_000)).toBe(true);
  });

  it('issues a serving certificate with DNS and IP SANs, signed by the CA', async () => {
    const ca = await createCertificateAuthority({ commonName: 'test-ca' });
    const names = serviceDnsNames('hooks', 'system');
    expect(names).toContain('hooks.system.svc');
    expect(names).toContain('hooks.system.svc.cluster.local');
    const leaf = await issueServingCertificate(ca, { dnsNames: names, ipAddresses: ['127.0.0.1', '::1'] });
    const cert = new X509Certificate(leaf.certPem);
    expect(cert.ca).toBe(false);
    expect(cert.verify(new X509Certificate(ca.certPem).publicKey)).toBe(true);
    expect(cert.checkIssued(new X509Certificate(ca.certPem))).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(leaf.keyPem))).toBe(true);
    expect(cert.checkHost('hooks.system.svc')).toBe('hooks.system.svc');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.1');
    const info = inspectCertificate(leaf.certPem);
    expect(info.dnsNames).toEqual(names);
    expect(info.ipAddresses).toEqual(['127.0.0.1', '0:0:0:0:0:0:0:1']);
  });

  it('rejects unusable inputs clearly', async () => {
    const ca = await createCertificateAuthority({ commonName: 'test-ca' });
    await expect(issueServingCertificate(ca, { dnsNames: [] })).rejects.toThrow(/at least one/);
    await expect(issueServingCertificate(ca, { dnsNames: ['a'], ipAddresses: ['nope'] })).rejects.toThrow(
      /not an IP/,
    );
    await expect(importSigningKeyPem(ca.certPem)).rejects.toThrow(/PRIVATE KEY/);
  });
});
