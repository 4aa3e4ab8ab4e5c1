// Helpers that let schema authors annotate TypeBox nodes with Kubernetes' OpenAPI extensions.
// TypeBox keeps unknown keywords it is given, so these travel into the generated CRD unchanged.
import { Type } from 'typebox';
import type { TSchema, TUnsafe } from 'typebox';
import type { ValidationRule } from './types.ts';

export interface K8sExtensions {
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: string[];
  mapType?: 'atomic' | 'granular';
  preserveUnknownFields?: boolean;
  intOrString?: boolean;
  embeddedResource?: boolean;
  validations?: ValidationRule[];
}

const KEYWORDS: Record<keyof K8sExtensions, string> = {
  listType: 'x-kubernetes-list-type',
  listMapKeys: 'x-kubernetes-list-map-keys',
  mapType: 'x-kubernetes-map-type',
  preserveUnknownFields: 'x-kubernetes-preserve-unknown-fields',
  intOrString: 'x-kubernetes-int-or-string',
  embeddedResource: 'x-kubernetes-embedded-resource',
  validations: 'x-kubernetes-validations',
};

/**
 * Returns a copy of `schema` carrying the given extensions. The copy keeps TypeBox's hidden
 * markers (kind, optional), so it can be used anywhere the original could. Validations are
 * appended to any the node already has.
 */
export function withK8s<T extends TSchema>(schema: T, ext: K8sExtensions): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(ext) as [keyof K8sExtensions, unknown][]) {
    if (value === undefined) continue;
    const keyword = KEYWORDS[key];
    if (key === 'validations') {
      const existing = (copy[keyword] as ValidationRule[] | undefined) ?? [];
      copy[keyword] = [...existing, ...(value as ValidationRule[])];
    } else {
      copy[keyword] = value;
    }
  }
  return copy as T;
}

/** CEL rules shorthand: `cel('self.a > 0', 'a must be positive')`. */
export function cel(rule: string, message?: string, extra: Omit<ValidationRule, 'rule' | 'message'> = {}) {
  const out: ValidationRule = { rule };
  if (message !== undefined) out.message = message;
  return { ...out, ...extra };
}

/**
 * An object whose content Kubernetes keeps as given (no pruning, no validation), typed as a
 * record. For embedding large core/v1 shapes (probes, affinity, containers) by reference.
 */
export function preserveUnknown<T = Record<string, unknown>>(
  options: { description: string } & Record<string, unknown>,
): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, ...options });
}

/** Kubernetes' IntOrString (e.g. a port name or number, `25%` or `1`). */
export function intOrString(options: { description: string } & Record<string, unknown>) {
  return Type.Union([Type.Integer(), Type.String()], { 'x-kubernetes-int-or-string': true, ...options });
}

/** Kubernetes resource.Quantity: an integer or a string such as `500m`, `10Gi`. */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

export function quantity(options: { description: string } & Record<string, unknown>) {
  return intOrString({ pattern: QUANTITY_PATTERN, ...options });
}
