// ECDSA P-256 keys through node's WebCrypto, exchanged as PKCS#8 PEM (what node:tls and Secrets hold).
import { webcrypto } from 'node:crypto';
import 'reflect-metadata'; // @peculiar/x509's dependency injection (tsyringe) needs it loaded first
import * as x509 from '@peculiar/x509';

/** The one algorithm this package issues with: small keys, fast handshakes, accepted everywhere. */
export const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

// Passed explicitly to @peculiar/x509 rather than relying on its global provider lookup.
export const nodeCrypto = webcrypto;

export type CryptoKey = webcrypto.CryptoKey;
export type CryptoKeyPair = webcrypto.CryptoKeyPair;

export function generateKeyPair(): Promise<CryptoKeyPair> {
  return nodeCrypto.subtle.generateKey(ECDSA_P256, true, ['sign', 'verify']);
}

export async function exportPrivateKeyPem(key: CryptoKey): Promise<string> {
  const der = await nodeCrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

/** Imports a PKCS#8 ECDSA P-256 private key for signing; other key types are rejected clearly. */
export async function importSigningKeyPem(pem: string): Promise<CryptoKey> {
  const blocks = x509.PemConverter.decodeWithHeaders(pem);
  const block = blocks[0];
  if (!block || block.type !== 'PRIVATE KEY') {
    throw new Error(`expected a PKCS#8 "PRIVATE KEY" PEM block, got ${block ? `"${block.type}"` : 'none'}`);
  }
  try {
    return await nodeCrypto.subtle.importKey('pkcs8', block.rawData, ECDSA_P256, false, ['sign']);
  } catch (err) {
    throw new Error(`the private key is not an ECDSA P-256 key: ${(err as Error).message}`, { cause: err });
  }
}
