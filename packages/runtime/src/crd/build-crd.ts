// Builds an apiextensions.k8s.io/v1 CustomResourceDefinition from TypeBox schemas, converting
// each version's schema to a structural one and refusing to produce a CRD the API server rejects.
import { sortKeys, toStructural } from './to-structural.ts';
import { checkStructural } from './structural-check.ts';
import { jsonPathViolation } from './json-path.ts';
import type {
  CrdInput,
  CrdVersion,
  CustomResourceDefinition,
  JSONSchemaProps,
  VersionInput,
} from './types.ts';

export class CrdDefinitionError extends Error {
  constructor(kind: string, message: string) {
    super(`CRD ${kind}: ${message}`);
    this.name = 'CrdDefinitionError';
  }
}

const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/;

export function buildCrd(input: CrdInput): CustomResourceDefinition {
  const fail = (msg: string): never => {
    throw new CrdDefinitionError(input.kind, msg);
  };
  if (!DNS_SUBDOMAIN.test(input.group)) fail(`group '${input.group}' must be a DNS subdomain with a dot`);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(input.kind)) fail('kind must be CamelCase');
  const singular = input.singular ?? input.kind.toLowerCase();
  for (const [what, name] of [
    ['plural', input.plural],
    ['singular', singular],
    ...(input.shortNames ?? []).map((n) => ['shortName', n] as const),
    ...(input.categories ?? []).map((n) => ['category', n] as const),
  ] as const) {
    if (!DNS_LABEL.test(name)) fail(`${what} '${name}' must be a lowercase DNS label`);
  }
  if (input.versions.length === 0) fail('needs at least one version');
  if (input.versions.filter((v) => v.storage).length !== 1)
    fail('exactly one version must be the storage version');
  const names = new Set(input.versions.map((v) => v.name));
  if (names.size !== input.versions.length) fail('version names must be unique');

  const names_: CustomResourceDefinition['spec']['names'] = {
    kind: input.kind,
    listKind: input.listKind ?? `${input.kind}List`,
    plural: input.plural,
    singular,
  };
  if (input.shortNames?.length) names_.shortNames = [...input.shortNames];
  if (input.categories?.length) names_.categories = [...input.categories];

  const metadata: CustomResourceDefinition['metadata'] = { name: `${input.plural}.${input.group}` };
  if (input.labels) metadata.labels = { ...input.labels };
  if (input.annotations) metadata.annotations = { ...input.annotations };

  const crd: CustomResourceDefinition = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata,
    spec: {
      group: input.group,
      names: names_,
      scope: input.scope,
      versions: input.versions.map((v) => buildVersion(input, v, fail)),
    },
  };
  if (input.conversion) {
    const { clientConfig, conversionReviewVersions } = input.conversion.webhook;
    if (!clientConfig.url === !clientConfig.service)
      fail('conversion webhook needs exactly one of url or service');
    crd.spec.conversion = {
      strategy: 'Webhook',
      webhook: { clientConfig, conversionReviewVersions: conversionReviewVersions ?? ['v1'] },
    };
  } else {
    crd.spec.conversion = { strategy: 'None' };
  }
  return crd;
}

function buildVersion(input: CrdInput, v: VersionInput, fail: (msg: string) => never): CrdVersion {
  if (!/^v[0-9]+((alpha|beta)[0-9]+)?$/.test(v.name))
    fail(`version '${v.name}' is not a Kubernetes version name`);
  let schema: JSONSchemaProps;
  try {
    schema = withObjectEnvelope(toStructural(v.schema, { unsupported: input.unsupported ?? 'error' }));
    checkStructural(schema);
  } catch (err) {
    return fail(`version ${v.name}: ${(err as Error).message}`);
  }
  // Built in the order kubectl and controller-gen print, so the YAML reads naturally.
  const out = { name: v.name, served: v.served, storage: v.storage } as CrdVersion;
  if (v.deprecated) out.deprecated = true;
  if (v.deprecationWarning) out.deprecationWarning = v.deprecationWarning;
  if (v.printerColumns?.length) {
    for (const col of v.printerColumns) {
      const problem = jsonPathViolation(schema, col.jsonPath);
      if (problem) fail(`version ${v.name}: printer column '${col.name}': ${problem}`);
    }
    out.additionalPrinterColumns = v.printerColumns.map((c) => ({ ...c }));
  }
  out.schema = { openAPIV3Schema: schema };
  if (v.subresources) {
    const sub: NonNullable<CrdVersion['subresources']> = {};
    if (v.subresources.status) {
      if (!schema.properties?.status) fail(`version ${v.name}: status subresource needs a status schema`);
      sub.status = {};
    }
    if (v.subresources.scale) {
      for (const p of [v.subresources.scale.specReplicasPath, v.subresources.scale.statusReplicasPath]) {
        const problem = jsonPathViolation(schema, p);
        if (problem) fail(`version ${v.name}: scale subresource: ${problem}`);
      }
      sub.scale = { ...v.subresources.scale };
    }
    out.subresources = sub;
  }
  if (v.selectableFields?.length) {
    for (const f of v.selectableFields) {
      const problem = jsonPathViolation(schema, f);
      if (problem) fail(`version ${v.name}: selectable field: ${problem}`);
    }
    out.selectableFields = v.selectableFields.map((jsonPath) => ({ jsonPath }));
  }
  return out;
}

const ENVELOPE: Record<string, JSONSchemaProps> = {
  apiVersion: {
    type: 'string',
    description:
      'APIVersion defines the versioned schema of this representation of an object. Servers should convert ' +
      'recognized schemas to the latest internal value, and may reject unrecognized values. More info: ' +
      'https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
  },
  kind: {
    type: 'string',
    description:
      'Kind is a string value representing the REST resource this object represents. Servers may infer this ' +
      'from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: ' +
      'https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
  },
  metadata: { type: 'object' },
};

/**
 * Sets the standard apiVersion and kind fields (an author's literals there serve TypeBox
 * validation only) and adds metadata when absent, keeping keys sorted.
 */
function withObjectEnvelope(schema: JSONSchemaProps): JSONSchemaProps {
  const properties: Record<string, JSONSchemaProps> = { ...ENVELOPE, ...(schema.properties ?? {}) };
  properties.apiVersion = ENVELOPE.apiVersion as JSONSchemaProps;
  properties.kind = ENVELOPE.kind as JSONSchemaProps;
  return sortKeys({ ...schema, properties }) as JSONSchemaProps;
}
