// Which failures mean "your resourceVersion is gone, relist" and which mean "back off and retry".
import { GoneError } from '../client/errors.ts';
import type { KubeObject } from '../client/types.ts';

/** The metav1.Status carried by a watch ERROR event or an error response. */
export interface StatusLike {
  kind?: string;
  status?: string;
  code?: number;
  reason?: string;
  message?: string;
  details?: { causes?: { reason?: string; message?: string }[] };
}

/** The watch can't continue from its resourceVersion (410 Gone or "too large resource version"). */
export class ResourceExpiredError extends Error {
  override readonly name = 'ResourceExpiredError';
  readonly status: StatusLike | undefined;
  constructor(message: string, status?: StatusLike) {
    super(message);
    this.status = status;
  }
}

/** A watch ERROR event that is not an expiry; the watch is retried from the same resourceVersion. */
export class WatchStatusError extends Error {
  override readonly name = 'WatchStatusError';
  readonly status: StatusLike;
  constructor(status: StatusLike) {
    super(`watch error event: ${status.code ?? '?'} ${status.reason ?? ''} ${status.message ?? ''}`.trim());
    this.status = status;
  }
}

const tooLargeMessage = /too large resource version/i;

export function isTooLargeResourceVersion(status: StatusLike): boolean {
  if (status.details?.causes?.some((c) => c.reason === 'ResourceVersionTooLarge')) return true;
  return tooLargeMessage.test(status.message ?? '');
}

export function isExpiredStatus(status: StatusLike): boolean {
  return (
    status.code === 410 ||
    status.reason === 'Expired' ||
    status.reason === 'Gone' ||
    isTooLargeResourceVersion(status)
  );
}

/** Turns a watch ERROR event's object into the error the reflector acts on. */
export function errorFromWatchStatus(obj: KubeObject): Error {
  const status = obj as unknown as StatusLike;
  if (isExpiredStatus(status))
    return new ResourceExpiredError(status.message ?? 'resource version expired', status);
  return new WatchStatusError(status);
}

/**
 * True for errors that require a relist from "": our own ResourceExpiredError, the client's
 * GoneError (HTTP 410, or a "too large resource version" answer), and anything else carrying a 410
 * status or that message (e.g. a wrapped or foreign client).
 */
export function isResourceExpired(err: unknown): boolean {
  if (err instanceof ResourceExpiredError || err instanceof GoneError) return true;
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { statusCode?: unknown; code?: unknown; status?: unknown; message?: unknown };
  if (e.statusCode === 410 || e.code === 410) return true;
  if (typeof e.status === 'number' && e.status === 410) return true;
  if (typeof e.status === 'object' && e.status !== null && isExpiredStatus(e.status)) return true;
  return typeof e.message === 'string' && tooLargeMessage.test(e.message);
}
