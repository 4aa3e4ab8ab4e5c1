// Certificates for a local control plane: one CA, the API server's serving certificate, an admin
// client certificate (system:masters) and the service-account signing key pair.
import 'reflect-metadata'; // @peculiar/x509's dependency injection needs it loaded first
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// @peculiar/x509 types its provider as the DOM Crypto; Node's webcrypto is that implementation.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export interface Pem {
  cert: string;
  key: string;
}

export interface ControlPlaneCerts {
  ca: Pem;
  apiServer: Pem;
  admin: Pem;
  serviceAccount: { publicKey: string; privateKey: string };
}

async function keyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
}

async function privatePem(key: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

async function publicPem(key: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('spki', key);
  return x509.PemConverter.encode(der, 'PUBLIC KEY');
}

function serial(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
    .toString('hex')
    .replace(/^[89a-f]/, '1');
}

const validity = () => ({
  notBefore: new Date(Date.now() - 60_000),
  notAfter: new Date(Date.now() + 365 * 86_400_000),
});

export async function generateControlPlaneCerts(): Promise<ControlPlaneCerts> {
  const caKeys = await keyPair();
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=agent-operators-local-ca',
    keys: caKeys,
    signingAlgorithm: alg,
    ...validity(),
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  const leaf = async (subject: string, usage: 'server' | 'client', sans: x509.JsonGeneralNames = []) => {
    const keys = await keyPair();
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject,
      issuer: caCert.subject,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      signingAlgorithm: alg,
      ...validity(),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
          true,
        ),
        new x509.ExtendedKeyUsageExtension(
          [usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth],
          false,
        ),
        ...(sans.length > 0 ? [new x509.SubjectAlternativeNameExtension(sans)] : []),
        await x509.AuthorityKeyIdentifierExtension.create(caCert),
      ],
    });
    return { cert: cert.toString('pem'), key: await privatePem(keys.privateKey) };
  };

  const saKeys = await keyPair();
  return {
    ca: { cert: caCert.toString('pem'), key: await privatePem(caKeys.privateKey) },
    apiServer: await leaf('CN=kube-apiserver', 'server', [
      { type: 'ip', value: '127.0.0.1' },
      { type: 'ip', value: '10.0.0.1' },
      { type: 'dns', value: 'localhost' },
      { type: 'dns', value: 'kubernetes' },
      { type: 'dns', value: 'kubernetes.default' },
      { type: 'dns', value: 'kubernetes.default.svc' },
      { type: 'dns', value: 'kubernetes.default.svc.cluster.local' },
    ]),
    admin: await leaf('CN=admin, O=system:masters', 'client'),
    serviceAccount: {
      publicKey: await publicPem(saKeys.publicKey),
      privateKey: await privatePem(saKeys.privateKey),
    },
  };
}
