// The cache: reflector-fed, indexed, shared informers.
export * from './types.ts';
export { SharedInformer } from './shared-informer.ts';
export type { InformerOptions } from './shared-informer.ts';
export { SharedInformerFactory, informerKeyId } from './informer-factory.ts';
export {
  IndexedStore,
  namespaceIndex,
  controllerUIDIndex,
  indexByNamespace,
  indexByControllerUID,
} from './indexed-store.ts';
export type { IndexFunc } from './indexed-store.ts';
export { Reflector } from './reflector.ts';
export type { ReflectorOptions, ReflectorSink, ReflectorStats } from './reflector.ts';
export { Backoff, defaultBackoffOptions } from './backoff.ts';
export type { BackoffOptions } from './backoff.ts';
export { systemClock } from './clock.ts';
export type { Clock } from './clock.ts';
export type { CacheLogger } from './logger.ts';
export { silentLogger, stderrLogger } from './logger.ts';
export { prepareObject } from './object-transform.ts';
export { ResourceExpiredError, WatchStatusError, isResourceExpired } from './watch-errors.ts';
