// Certificate helpers: a self-signed CA and serving certificates for webhook endpoints.
export type { CertificatePair, CreateCAOptions } from './certificate-authority.ts';
export { createCertificateAuthority } from './certificate-authority.ts';
export type { ServingCertOptions } from './serving-certificate.ts';
export { issueServingCertificate, serviceDnsNames } from './serving-certificate.ts';
export type { CertificateInfo } from './inspect.ts';
export { expiresWithin, inspectCertificate } from './inspect.ts';
export { exportPrivateKeyPem, generateKeyPair, importSigningKeyPem } from './keys.ts';
