// apiextensions.k8s.io/v1 ConversionReview, as the API server sends and expects it.
import type { KubeObject } from '../client/types.ts';
import type { StatusResult } from './admission-types.ts';

export const CONVERSION_API_VERSION = 'apiextensions.k8s.io/v1';

export interface ConversionRequest {
  uid: string;
  desiredAPIVersion: string;
  objects: KubeObject[];
}

export interface ConversionResponse {
  uid: string;
  convertedObjects: KubeObject[];
  result: StatusResult;
}

export interface ConversionReview {
  apiVersion: typeof CONVERSION_API_VERSION;
  kind: 'ConversionReview';
  request?: ConversionRequest;
  response?: ConversionResponse;
}
