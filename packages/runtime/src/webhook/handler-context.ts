// What every admission handler and converter receives besides the request itself.
import type { WebhookLogger } from './logger.ts';

export interface HandlerContext {
  /** Aborted when the handler's deadline passes or the server stops; pass it to any I/O. */
  signal: AbortSignal;
  /** The path the request came in on, e.g. `/validate-configmap`. */
  path: string;
  logger: WebhookLogger;
}
