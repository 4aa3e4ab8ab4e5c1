// Reads what matters about a PEM certificate (expiry, names) without a CA toolkit.
import { X509Certificate } from 'node:crypto';

export interface CertificateInfo {
  notBefore: Date;
  notAfter: Date;
  dnsNames: string[];
  ipAddresses: string[];
  isCA: boolean;
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: string;
}

export function inspectCertificate(pem: string): CertificateInfo {
  const cert = new X509Certificate(pem);
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  // subjectAltName reads e.g. `DNS:a.svc, IP Address:127.0.0.1`.
  for (const entry of (cert.subjectAltName ?? '').split(', ')) {
    if (entry.startsWith('DNS:')) dnsNames.push(entry.slice(4));
    else if (entry.startsWith('IP Address:')) ipAddresses.push(entry.slice(11));
  }
  return {
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
    dnsNames,
    ipAddresses,
    isCA: cert.ca,
    fingerprint256: cert.fingerprint256,
  };
}

/** True when the certificate is expired or expires within `marginMs` of `now`. */
export function expiresWithin(pem: string, marginMs: number, now: Date = new Date()): boolean {
  return inspectCertificate(pem).notAfter.getTime() - now.getTime() <= marginMs;
}
