// Decodes an AdmissionReview, runs a handler on it and encodes the answer. No HTTP here.
import type {
  AdmissionResult,
  MutatingHandler,
  MutationResult,
  ValidatingHandler,
} from './admission-handlers.ts';
import type { AdmissionRequest, AdmissionResponse, AdmissionReview } from './admission-types.ts';
import { ADMISSION_API_VERSION } from './admission-types.ts';
import { DeadlineExceededError, runWithDeadline } from './deadline.ts';
import type { HandlerContext } from './handler-context.ts';
import { HttpError } from './http-error.ts';
import { reasonForCode } from './status-reason.ts';

export type AdmissionHandler =
  { type: 'validating'; handler: ValidatingHandler } | { type: 'mutating'; handler: MutatingHandler };

/** Throws HttpError(400) when the body is not an admission.k8s.io/v1 AdmissionReview request. */
export function parseAdmissionReview(body: unknown): AdmissionRequest {
  const review = body as Partial<AdmissionReview> | null;
  if (typeof review !== 'object' || review === null || review.kind !== 'AdmissionReview') {
    throw new HttpError(400, 'expected an AdmissionReview');
  }
  if (review.apiVersion !== ADMISSION_API_VERSION) {
    throw new HttpError(
      400,
      `unsupported AdmissionReview version ${String(review.apiVersion)}: register the webhook with admissionReviewVersions ["v1"]`,
    );
  }
  const request = review.request;
  if (typeof request !== 'object' || request === null || typeof request.uid !== 'string' || !request.uid) {
    throw new HttpError(400, 'the AdmissionReview has no request.uid');
  }
  return request;
}

export function encodeAdmissionResponse(
  uid: string,
  result: MutationResult,
  type: AdmissionHandler['type'],
): AdmissionReview {
  const allowed = result.allowed ?? true;
  const response: AdmissionResponse = { uid, allowed };
  if (!allowed || result.message !== undefined || result.code !== undefined) {
    const code = result.code ?? (allowed ? 200 : 403);
    const reason = result.reason ?? (allowed ? undefined : reasonForCode(code));
    response.status = {
      code,
      ...(allowed ? {} : { status: 'Failure' as const }),
      ...(result.message !== undefined ? { message: result.message } : {}),
      ...(reason !== undefined ? { reason } : {}),
    };
  }
  if (allowed && type === 'mutating' && result.patch && result.patch.length > 0) {
    response.patch = Buffer.from(JSON.stringify(result.patch)).toString('base64');
    response.patchType = 'JSONPatch';
  }
  if (result.warnings && result.warnings.length > 0) response.warnings = result.warnings;
  if (result.auditAnnotations && Object.keys(result.auditAnnotations).length > 0) {
    response.auditAnnotations = result.auditAnnotations;
  }
  return { apiVersion: ADMISSION_API_VERSION, kind: 'AdmissionReview', response };
}

/**
 * Runs the handler within `timeoutMs`. A throw, a timeout or a malformed result becomes a denial
 * with a message naming the cause; only a malformed review itself throws (HttpError 400).
 */
export async function reviewAdmission(
  body: unknown,
  route: AdmissionHandler,
  ctx: Omit<HandlerContext, 'signal'>,
  timeoutMs: number,
  parentSignal?: AbortSignal,
): Promise<AdmissionReview> {
  const request = parseAdmissionReview(body);
  let result: MutationResult;
  try {
    result = await runWithDeadline(
      (signal) => route.handler(request, { ...ctx, signal }),
      timeoutMs,
      parentSignal,
    );
    if (typeof result !== 'object' || result === null || typeof result.allowed !== 'boolean') {
      throw new Error('the handler returned no result with a boolean "allowed"');
    }
  } catch (err) {
    result = failure(err, ctx, request);
  }
  return encodeAdmissionResponse(request.uid, result, route.type);
}

function failure(
  err: unknown,
  ctx: Omit<HandlerContext, 'signal'>,
  request: AdmissionRequest,
): AdmissionResult {
  const timedOut = err instanceof DeadlineExceededError;
  const message = err instanceof Error ? err.message : String(err);
  ctx.logger.error(
    { err, path: ctx.path, uid: request.uid, operation: request.operation, name: request.name },
    'admission handler failed',
  );
  return {
    allowed: false,
    code: timedOut ? 504 : 500,
    message: `webhook handler at ${ctx.path} failed: ${message}`,
  };
}
