// The logging the cache needs; a pino Logger fits it as is.

export interface CacheLogger {
  debug(fields: Record<string, unknown>, msg: string): void;
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
}

const write =
  (level: string) =>
  (fields: Record<string, unknown>, msg: string): void => {
    process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...fields })}\n`);
  };

/** Default when none is given: warnings and errors to stderr as JSON, so failures are never silent. */
export const stderrLogger: CacheLogger = {
  debug: () => {},
  info: () => {},
  warn: write('warn'),
  error: write('error'),
};

export const silentLogger: CacheLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { err: { name: err.name, message: err.message } };
  return { err: String(err) };
}

/** Wraps a logger so that a throwing one can never break the reflector loop or event dispatch. */
export function guardLogger(logger: CacheLogger): CacheLogger {
  const guard =
    (level: keyof CacheLogger) =>
    (fields: Record<string, unknown>, msg: string): void => {
      try {
        logger[level](fields, msg);
      } catch {
        // Nothing left to report it to; the state stays visible through lastError.
      }
    };
  return { debug: guard('debug'), info: guard('info'), warn: guard('warn'), error: guard('error') };
}
