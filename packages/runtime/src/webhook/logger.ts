// The logging surface the webhook code needs; the runtime's pino logger satisfies it.
import { createLogger } from '../logging/index.ts';

export interface WebhookLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export function defaultLogger(): WebhookLogger {
  return createLogger({ name: 'webhook' });
}
