export { createLogger, silentLogger, reconcileLogger } from './logger.ts';
export type { Logger, LoggerOptions, ReconcileFields } from './logger.ts';
