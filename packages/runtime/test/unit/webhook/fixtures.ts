// AdmissionReview and ConversionReview requests shaped like the API server's.
import type { KubeObject } from '../../../src/client/types.ts';
import type { AdmissionOperation, AdmissionReview, ConversionReview } from '../../../src/webhook/index.ts';
import { silentLogger } from '../../../src/logging/index.ts';

export const quietContext = { path: '/test', logger: silentLogger() };

export function configMap(name: string, data: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    data,
  };
}

export function admissionReview(
  object: KubeObject | null,
  operation: AdmissionOperation = 'CREATE',
  uid = 'req-1',
): AdmissionReview {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid,
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      requestKind: { group: '', version: 'v1', kind: 'ConfigMap' },
      requestResource: { group: '', version: 'v1', resource: 'configmaps' },
      name: object?.metadata.name ?? 'gone',
      namespace: 'default',
      operation,
      userInfo: { username: 'admin', groups: ['system:masters'] },
      object,
      oldObject: null,
      dryRun: false,
      options: { apiVersion: 'meta.k8s.io/v1', kind: 'CreateOptions' },
    },
  };
}

export function conversionReview(
  desiredAPIVersion: string,
  objects: KubeObject[],
  uid = 'conv-1',
): ConversionReview {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion, objects },
  };
}
