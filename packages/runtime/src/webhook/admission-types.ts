// admission.k8s.io/v1 AdmissionReview, as the API server sends and expects it.
import type { KubeObject } from '../client/types.ts';

export const ADMISSION_API_VERSION = 'admission.k8s.io/v1';

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionRequest<T extends KubeObject = KubeObject> {
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  name?: string;
  namespace?: string;
  operation: AdmissionOperation;
  userInfo: UserInfo;
  /** The new object; null for DELETE. */
  object?: T | null;
  /** The existing object for UPDATE and DELETE. */
  oldObject?: T | null;
  dryRun?: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions of the operation. */
  options?: Record<string, unknown> | null;
}

/** The part of metav1.Status an admission or conversion response carries. */
export interface StatusResult {
  status?: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  code?: number;
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: StatusResult;
  /** Base64 of the JSON patch. */
  patch?: string;
  patchType?: 'JSONPatch';
  warnings?: string[];
  auditAnnotations?: Record<string, string>;
}

export interface AdmissionReview<T extends KubeObject = KubeObject> {
  apiVersion: typeof ADMISSION_API_VERSION;
  kind: 'AdmissionReview';
  request?: AdmissionRequest<T>;
  response?: AdmissionResponse;
}
