// The shapes of apiextensions.k8s.io/v1 objects the crd module produces, and its inputs.
import type { TSchema } from 'typebox';

export type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

/** One CEL rule (`x-kubernetes-validations` item). */
export interface ValidationRule {
  /** CEL expression; `self` is the node, `oldSelf` the stored value (transition rules). */
  rule: string;
  message?: string;
  /** CEL expression producing the message; wins over `message` when it evaluates. */
  messageExpression?: string;
  /** Where the error is reported, relative to the node, e.g. `.protectedKeys`. */
  fieldPath?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  /** Evaluate the transition rule also when there is no old value (`oldSelf` is an optional). */
  optionalOldSelf?: boolean;
}

/** OpenAPI v3 schema as apiextensions.k8s.io/v1 JSONSchemaProps accepts it (structural subset). */
export interface JSONSchemaProps {
  type?: JsonType;
  format?: string;
  title?: string;
  description?: string;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  required?: string[];
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  items?: JSONSchemaProps;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  externalDocs?: { description?: string; url?: string };
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: ValidationRule[];
}

export interface PrinterColumn {
  name: string;
  type: 'integer' | 'number' | 'string' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  format?: string;
  /** 0 shows in the default view; higher only with `-o wide`. */
  priority?: number;
}

export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface Subresources {
  status?: true;
  scale?: ScaleSubresource;
}

export interface VersionInput {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  /**
   * TypeBox schema of the whole object (at least `spec`, usually `status`). `apiVersion`, `kind`
   * and `metadata` are added when absent. Root-level CEL rules go on this object.
   */
  schema: TSchema;
  printerColumns?: PrinterColumn[];
  subresources?: Subresources;
  /** Fields usable in field selectors (Kubernetes 1.31+), e.g. `.spec.instanceRef`. */
  selectableFields?: string[];
}

export interface WebhookClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port?: number };
  /** Base64 PEM bundle; usually injected at install time (cert-manager). */
  caBundle?: string;
}

export interface ConversionInput {
  webhook: { clientConfig: WebhookClientConfig; conversionReviewVersions?: string[] };
}

export interface CrdInput {
  group: string;
  kind: string;
  plural: string;
  singular?: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
  scope: 'Namespaced' | 'Cluster';
  versions: VersionInput[];
  conversion?: ConversionInput;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  /** How to treat JSON Schema keywords Kubernetes cannot express. Default `error`. */
  unsupported?: UnsupportedPolicy;
}

export type UnsupportedPolicy = 'error' | 'drop';

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  additionalPrinterColumns?: PrinterColumn[];
  schema: { openAPIV3Schema: JSONSchemaProps };
  subresources?: { status?: Record<string, never>; scale?: ScaleSubresource };
  selectableFields?: { jsonPath: string }[];
}

export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    group: string;
    names: {
      kind: string;
      listKind: string;
      plural: string;
      singular: string;
      shortNames?: string[];
      categories?: string[];
    };
    scope: 'Namespaced' | 'Cluster';
    versions: CrdVersion[];
    conversion?:
      | { strategy: 'None' }
      | {
          strategy: 'Webhook';
          webhook: { clientConfig: WebhookClientConfig; conversionReviewVersions: string[] };
        };
  };
}
