// Admission (mutating, validating) and conversion webhooks over HTTPS, with certificates from
// files (cert-manager) or self-managed through a Secret.
export type {
  AdmissionOperation,
  AdmissionRequest,
  AdmissionResponse,
  AdmissionReview,
  GroupVersionKind,
  GroupVersionResource,
  StatusResult,
  UserInfo,
} from './admission-types.ts';
export type {
  AdmissionResult,
  MutatingHandler,
  MutationResult,
  ValidatingHandler,
} from './admission-handlers.ts';
export { allow, deny, mutateObject } from './admission-handlers.ts';
export { encodeAdmissionResponse, parseAdmissionReview, reviewAdmission } from './admission-review.ts';
export type { ConversionRequest, ConversionResponse, ConversionReview } from './conversion-types.ts';
export type { Converter } from './conversion-review.ts';
export { convertEach, parseConversionReview, reviewConversion } from './conversion-review.ts';
export type { JsonPatchOperation } from './json-patch.ts';
export { createJsonPatch } from './json-patch.ts';
export { applyJsonPatch } from './json-patch-apply.ts';
export type { HandlerContext } from './handler-context.ts';
export type { WebhookLogger } from './logger.ts';
export type { CertificateSource, ServingCertificate } from './certificate-source.ts';
export { staticCertificate } from './certificate-source.ts';
export type { FileCertificateOptions } from './file-certificate-source.ts';
export { fileCertificateSource } from './file-certificate-source.ts';
export type {
  SelfManagedCertificateOptions,
  SelfManagedCertificateSource,
} from './self-managed-certificate-source.ts';
export { selfManagedCertificateSource } from './self-managed-certificate-source.ts';
export type { CASecretOptions, WebhookCA } from './ca-secret.ts';
export { ensureCASecret } from './ca-secret.ts';
export type { CABundleTargets, InjectionReport } from './ca-bundle-injection.ts';
export { injectCABundle } from './ca-bundle-injection.ts';
export type { WebhookServerOptions } from './server.ts';
export { WebhookServer } from './server.ts';
