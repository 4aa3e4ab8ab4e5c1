// A self-signed CA that signs webhook serving certificates.
import 'reflect-metadata'; // @peculiar/x509's dependency injection (tsyringe) needs it loaded first
import * as x509 from '@peculiar/x509';
import { exportPrivateKeyPem, generateKeyPair, nodeCrypto, SIGNING_ALGORITHM } from './keys.ts';
import { validityWindow } from './validity.ts';

/** PEM-encoded certificate and PKCS#8 private key. */
export interface CertificatePair {
  certPem: string;
  keyPem: string;
}

export interface CreateCAOptions {
  commonName: string;
  /** Default 3650 (ten years): a CA rotation means re-injecting every caBundle, so make it rare. */
  validityDays?: number;
  now?: Date;
}

export async function createCertificateAuthority(opts: CreateCAOptions): Promise<CertificatePair> {
  const keys = await generateKeyPair();
  const { notBefore, notAfter } = validityWindow(opts.validityDays ?? 3650, opts.now);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: [{ CN: [opts.commonName] }],
      notBefore,
      notAfter,
      keys,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, nodeCrypto),
      ],
    },
    nodeCrypto,
  );
  return { certPem: cert.toString('pem'), keyPem: await exportPrivateKeyPem(keys.privateKey) };
}
