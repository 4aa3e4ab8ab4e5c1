// Errors a reconciler throws to steer the controller.

/**
 * A failure retrying cannot fix (invalid spec, missing permission by design): counted and logged,
 * never requeued. The next change to a watched object reconciles the key again.
 */
export class TerminalError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TerminalError';
  }
}

/** True if `err` or anything in its `cause` chain is a TerminalError (like Go's errors.Is). */
export function isTerminalError(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; e instanceof Error && !seen.has(e); e = e.cause) {
    if (e instanceof TerminalError) return true;
    seen.add(e);
  }
  return false;
}
