export { controllerFor, ControllerBuilder } from './builder.ts';
export type { QueueOptions, WatchOptions } from './builder.ts';
export { Controller } from './controller.ts';
export type { ControllerConfig, ControllerStartContext, WatchSpec } from './controller.ts';
export { TerminalError, isTerminalError } from './errors.ts';
export {
  generationChanged,
  labelsChanged,
  annotationsChanged,
  resourceVersionChanged,
  newPredicateFuncs,
  and,
  or,
  not,
} from './predicates.ts';
export type { Predicate } from './predicates.ts';
export { requestKey, requestFromKey } from './requests.ts';
export type { InformerSource, MapFn, ReconcileContext, Reconciler, Request, Result } from './types.ts';
