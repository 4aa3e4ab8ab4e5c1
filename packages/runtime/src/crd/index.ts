// CRD generation: TypeBox schemas in, structural apiextensions.k8s.io/v1 CRDs (and YAML, docs) out.
export { buildCrd, CrdDefinitionError } from './build-crd.ts';
export { toStructural, sortKeys, SchemaConversionError } from './to-structural.ts';
export type { ConvertOptions } from './to-structural.ts';
export { checkStructural, structuralViolations, StructuralSchemaError } from './structural-check.ts';
export { withK8s, cel, preserveUnknown, intOrString, quantity, QUANTITY_PATTERN } from './k8s-extensions.ts';
export type { K8sExtensions } from './k8s-extensions.ts';
export { toYaml, crdToYaml } from './yaml.ts';
export { renderApiReference } from './api-reference.ts';
export type { ApiReferenceOptions } from './api-reference.ts';
export { jsonPathViolation } from './json-path.ts';
export type * from './types.ts';
