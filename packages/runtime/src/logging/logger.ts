// JSON logging for operators: one pino logger per process, child loggers per component/reconcile.
import { pino } from 'pino';
import type { DestinationStream, Level, Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  /** Minimum level; `silent` disables output (tests). Default: `LOG_LEVEL` env or `info`. */
  level?: Level | 'silent';
  /**
   * Recorded as `logger` on every line (usually the operator's name). Not pino's `name`: reconcile
   * lines use `name` for the object's name, as controller-runtime does.
   */
  name?: string;
  /** Where lines go; default stdout. Tests pass a capturing stream. */
  destination?: DestinationStream;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const level = opts.level ?? (process.env['LOG_LEVEL'] as Level | undefined) ?? 'info';
  const options = {
    level,
    base: opts.name ? { logger: opts.name } : {},
    // Textual levels and ISO times read better in `kubectl logs` and are what log pipelines expect.
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

/** A logger that writes nothing, for tests and library defaults. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export interface ReconcileFields {
  controller: string;
  namespace?: string;
  name: string;
  reconcileID: string;
}

/** The child logger for one reconcile: every line carries controller, namespace, name and reconcileID. */
export function reconcileLogger(parent: Logger, fields: ReconcileFields): Logger {
  return parent.child({
    controller: fields.controller,
    namespace: fields.namespace ?? '',
    name: fields.name,
    reconcileID: fields.reconcileID,
  });
}
