// Typed errors for API server answers, classified like apimachinery's `errors.ReasonForError`:
// the Status reason wins, the HTTP code decides when the body carries no reason.

/** One entry of `Status.details.causes`, e.g. the field a validation rejected. */
export interface StatusCause {
  field?: string;
  reason?: string;
  message: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** metav1.Status, the body of every API server error (and of in-stream watch ERROR events). */
export interface Status {
  apiVersion?: string;
  kind?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: StatusDetails;
  metadata?: Record<string, unknown>;
}

export interface KubeApiErrorInit {
  /** HTTP status code; 0 when no response arrived (client-side timeout). */
  statusCode: number;
  reason: string;
  message: string;
  details?: StatusDetails;
  status?: Status;
  cause?: unknown;
}

/** Any non-2xx answer from the API server. Subclasses name the reasons callers branch on. */
export class KubeApiError extends Error {
  override name = 'KubeApiError';
  readonly statusCode: number;
  /** The Status reason (`NotFound`, `Conflict`, ...), or one derived from the HTTP code. */
  readonly reason: string;
  readonly details: StatusDetails | undefined;
  /** `details.causes`, never undefined (empty when the server gave none). */
  readonly causes: StatusCause[];
  /** The raw Status body, when the server sent one. */
  readonly status: Status | undefined;

  constructor(init: KubeApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.statusCode = init.statusCode;
    this.reason = init.reason;
    this.details = init.details;
    this.causes = init.details?.causes ?? [];
    this.status = init.status;
  }
}

export class NotFoundError extends KubeApiError {
  override name = 'NotFoundError';
}
export class AlreadyExistsError extends KubeApiError {
  override name = 'AlreadyExistsError';
}
/** 409 Conflict: stale resourceVersion on update, or a server-side apply field-manager conflict. */
export class ConflictError extends KubeApiError {
  override name = 'ConflictError';
}
/** 422 Invalid; `causes` names the rejected fields. */
export class InvalidError extends KubeApiError {
  override name = 'InvalidError';
}
export class ForbiddenError extends KubeApiError {
  override name = 'ForbiddenError';
}
export class UnauthorizedError extends KubeApiError {
  override name = 'UnauthorizedError';
}
export class BadRequestError extends KubeApiError {
  override name = 'BadRequestError';
}
export class TooManyRequestsError extends KubeApiError {
  override name = 'TooManyRequestsError';
}
/**
 * 410 Gone / Expired: the resourceVersion (or continue token) is too old. Also used for
 * "Too large resource version" (a 504 with cause ResourceVersionTooLarge): both mean the caller must
 * relist from scratch.
 */
export class GoneError extends KubeApiError {
  override name = 'GoneError';
}
/** Server 504 / Timeout or ServerTimeout reasons, and client-side request timeouts (statusCode 0). */
export class TimeoutError extends KubeApiError {
  override name = 'TimeoutError';
}

/** No REST mapping for a kind (CRD not installed, or wrong apiVersion). Not an API answer. */
export class NoKindMatchError extends Error {
  override name = 'NoKindMatchError';
  readonly apiVersion: string;
  readonly kind: string;
  constructor(apiVersion: string, kind: string) {
    super(`no resource for kind ${kind} in apiVersion ${apiVersion}`);
    this.apiVersion = apiVersion;
    this.kind = kind;
  }
}

const reasonByCode: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

type ErrorClass = new (init: KubeApiErrorInit) => KubeApiError;

const classByReason: Record<string, ErrorClass> = {
  NotFound: NotFoundError,
  AlreadyExists: AlreadyExistsError,
  Conflict: ConflictError,
  Invalid: InvalidError,
  Forbidden: ForbiddenError,
  Unauthorized: UnauthorizedError,
  BadRequest: BadRequestError,
  TooManyRequests: TooManyRequestsError,
  Gone: GoneError,
  Expired: GoneError,
  Timeout: TimeoutError,
  ServerTimeout: TimeoutError,
};

function isStatus(body: unknown): body is Status {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'Status';
}

/** client-go's `isTooLargeResourceVersionError`. */
function isTooLargeResourceVersion(status: Status | undefined): boolean {
  if (!status) return false;
  if (status.details?.causes?.some((c) => c.reason === 'ResourceVersionTooLarge')) return true;
  return (status.message ?? '').includes('Too large resource version');
}

/**
 * Builds the typed error for an HTTP answer. `body` is the parsed JSON (a Status when the API server
 * produced it) or the raw text (e.g. a proxy's HTML page).
 */
export function errorFromResponse(statusCode: number, body: unknown): KubeApiError {
  const status = isStatus(body) ? body : undefined;
  const reason =
    status?.reason || reasonByCode[statusCode] || (statusCode >= 500 ? 'InternalError' : 'Unknown');
  const text = typeof body === 'string' ? body.trim().slice(0, 500) : '';
  const message = status?.message || text || `the server responded with HTTP ${statusCode} (${reason})`;
  const init: KubeApiErrorInit = { statusCode, reason, message, details: status?.details, status };
  if (isTooLargeResourceVersion(status)) return new GoneError(init);
  const Cls = classByReason[reason] ?? classForCode(statusCode);
  return new Cls(init);
}

function classForCode(statusCode: number): ErrorClass {
  const reason = reasonByCode[statusCode];
  return (reason && classByReason[reason]) || KubeApiError;
}

/** The typed error for a metav1.Status, e.g. the object of a watch ERROR event. */
export function errorFromStatus(status: Status): KubeApiError {
  return errorFromResponse(status.code ?? 500, { ...status, kind: 'Status' });
}

/** A client-side request timeout (no answer within the client's deadline). */
export function clientTimeoutError(method: string, url: string, timeoutMs: number): TimeoutError {
  return new TimeoutError({
    statusCode: 0,
    reason: 'Timeout',
    message: `${method} ${url}: no response within ${timeoutMs} ms (client-side timeout)`,
  });
}

export const isKubeApiError = (err: unknown): err is KubeApiError => err instanceof KubeApiError;
export const isNotFound = (err: unknown): err is NotFoundError => err instanceof NotFoundError;
export const isAlreadyExists = (err: unknown): err is AlreadyExistsError => err instanceof AlreadyExistsError;
export const isConflict = (err: unknown): err is ConflictError => err instanceof ConflictError;
export const isInvalid = (err: unknown): err is InvalidError => err instanceof InvalidError;
export const isForbidden = (err: unknown): err is ForbiddenError => err instanceof ForbiddenError;
export const isUnauthorized = (err: unknown): err is UnauthorizedError => err instanceof UnauthorizedError;
export const isBadRequest = (err: unknown): err is BadRequestError => err instanceof BadRequestError;
export const isTooManyRequests = (err: unknown): err is TooManyRequestsError =>
  err instanceof TooManyRequestsError;
export const isGone = (err: unknown): err is GoneError => err instanceof GoneError;
export const isTimeout = (err: unknown): err is TimeoutError => err instanceof TimeoutError;
export const isNoKindMatch = (err: unknown): err is NoKindMatchError => err instanceof NoKindMatchError;
