// @agent-operators/runtime: a controller runtime with controller-runtime's semantics.
// Each part is also importable alone: `@agent-operators/runtime/<part>`.
export * from './client/index.ts';
export * from './cache/index.ts';
export * from './queue/index.ts';
export * from './controller/index.ts';
export * from './manager/index.ts';
export * from './apply/index.ts';
export * from './conditions/index.ts';
export * from './events/index.ts';
export * from './webhook/index.ts';
export * from './tls/index.ts';
export * from './crd/index.ts';
export * from './logging/index.ts';
export * from './metrics/index.ts';
// Names defined by more than one part: the root exports these; the others stay on their subpaths.
export type { Clock } from './queue/index.ts';
export type { WatchOptions } from './client/index.ts';
export { silentLogger } from './logging/index.ts';
