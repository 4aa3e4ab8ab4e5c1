// Serving certificates for webhook endpoints, signed by a CA from certificate-authority.ts.
import { isIP } from 'node:net';
import 'reflect-metadata'; // @peculiar/x509's dependency injection (tsyringe) needs it loaded first
import * as x509 from '@peculiar/x509';
import type { CertificatePair } from './certificate-authority.ts';
import {
  exportPrivateKeyPem,
  generateKeyPair,
  importSigningKeyPem,
  nodeCrypto,
  SIGNING_ALGORITHM,
} from './keys.ts';
import { validityWindow } from './validity.ts';

export interface ServingCertOptions {
  /** DNS subject alternative names; the first one is also the subject CN. */
  dnsNames: string[];
  /** IP subject alternative names, e.g. `127.0.0.1` for tests on loopback. */
  ipAddresses?: string[];
  /** Default 365. */
  validityDays?: number;
  now?: Date;
}

export async function issueServingCertificate(
  ca: CertificatePair,
  opts: ServingCertOptions,
): Promise<CertificatePair> {
  const ips = opts.ipAddresses ?? [];
  if (opts.dnsNames.length === 0 && ips.length === 0) {
    throw new Error('a serving certificate needs at least one DNS name or IP address');
  }
  for (const ip of ips) if (isIP(ip) === 0) throw new Error(`not an IP address: ${ip}`);

  const caCert = new x509.X509Certificate(ca.certPem);
  const caKey = await importSigningKeyPem(ca.keyPem);
  const keys = await generateKeyPair();
  const { notBefore, notAfter } = validityWindow(opts.validityDays ?? 365, opts.now);
  const names: x509.JsonGeneralName[] = [
    ...opts.dnsNames.map((value) => ({ type: 'dns' as const, value })),
    ...ips.map((value) => ({ type: 'ip' as const, value })),
  ];
  const cert = await x509.X509CertificateGenerator.create(
    {
      subject: [{ CN: [opts.dnsNames[0] ?? ips[0] ?? ''] }],
      issuer: caCert.subject,
      notBefore,
      notAfter,
      publicKey: keys.publicKey,
      signingKey: caKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(names),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, nodeCrypto),
        await x509.AuthorityKeyIdentifierExtension.create(caCert, false, nodeCrypto),
      ],
    },
    nodeCrypto,
  );
  return { certPem: cert.toString('pem'), keyPem: await exportPrivateKeyPem(keys.privateKey) };
}

/** The names the API server uses to reach a Service: `<svc>.<ns>.svc` and the cluster-local FQDN. */
export function serviceDnsNames(
  service: string,
  namespace: string,
  clusterDomain = 'cluster.local',
): string[] {
  return [
    `${service}.${namespace}.svc`,
    `${service}.${namespace}.svc.${clusterDomain}`,
    service,
    `${service}.${namespace}`,
  ];
}
