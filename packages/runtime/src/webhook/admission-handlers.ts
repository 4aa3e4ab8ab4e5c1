// The handler contracts for validating and mutating admission webhooks, and helpers to build them.
import type { KubeObject } from '../client/types.ts';
import type { AdmissionRequest } from './admission-types.ts';
import type { HandlerContext } from './handler-context.ts';
import type { JsonPatchOperation } from './json-patch.ts';
import { createJsonPatch } from './json-patch.ts';

export interface AdmissionResult {
  allowed: boolean;
  /** Shown to the client; for denials it follows `admission webhook "<name>" denied the request: `. */
  message?: string;
  /** HTTP code the client sees for a denial. Default 403. */
  code?: number;
  /** metav1.StatusReason; derived from `code` when omitted. */
  reason?: string;
  /** Warnings returned to the client (kubectl prints them), allowed or not. */
  warnings?: string[];
  auditAnnotations?: Record<string, string>;
}

export type ValidatingHandler<T extends KubeObject = KubeObject> = (
  request: AdmissionRequest<T>,
  ctx: HandlerContext,
) => AdmissionResult | Promise<AdmissionResult>;

export interface MutationResult extends Partial<AdmissionResult> {
  /** Applied to the request's object by the API server. Ignored when the result denies. */
  patch?: JsonPatchOperation[];
}

export type MutatingHandler<T extends KubeObject = KubeObject> = (
  request: AdmissionRequest<T>,
  ctx: HandlerContext,
) => MutationResult | Promise<MutationResult>;

export function allow(opts: { message?: string; warnings?: string[] } = {}): AdmissionResult {
  return { allowed: true, ...opts };
}

export function deny(
  message: string,
  opts: { code?: number; reason?: string; warnings?: string[] } = {},
): AdmissionResult {
  return { allowed: false, message, ...opts };
}

/**
 * A mutating handler written as "change this copy of the object": the JSON patch is the difference
 * between the request's object and the copy afterwards. Return a result to deny or add warnings.
 * Requests without an object (DELETE, CONNECT) are allowed unchanged.
 */
export function mutateObject<T extends KubeObject = KubeObject>(
  mutate: (
    object: T,
    request: AdmissionRequest<T>,
    ctx: HandlerContext,
  ) => void | AdmissionResult | Promise<void | AdmissionResult>,
): MutatingHandler<T> {
  return async (request, ctx) => {
    const original = request.object;
    if (!original) return { allowed: true };
    const copy = structuredClone(original);
    const result = await mutate(copy, request, ctx);
    if (result && !result.allowed) return result;
    return { ...result, allowed: true, patch: createJsonPatch(original, copy) };
  };
}
