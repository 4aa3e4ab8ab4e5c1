// The write path of the runtime: every change a controller makes to the cluster goes through here.
export { ensure, refOf } from './ensure.ts';
export type { CurrentGetter, EnsureOptions, EnsureResult, EnsureResultKind } from './ensure.ts';
export {
  defaultAtomicKeys,
  defaultExclusiveKeys,
  defaultMergeRules,
  defaultQuantityKeys,
  exclusiveKeyIndex,
  mergeObject,
} from './merge.ts';
export type { MergeResult, MergeRules } from './merge.ts';
export { ownedKeysByPrefix, ownsNoKeys } from './owned-keys.ts';
export type { OwnedKeyPredicate } from './owned-keys.ts';
export {
  AlreadyOwnedError,
  controllerReference,
  getControllerOf,
  setControllerReference,
  setOwnerReference,
} from './owner-references.ts';
export { applyConfiguration, applyObject } from './server-side-apply.ts';
export type { ApplyObjectOptions } from './server-side-apply.ts';
export { addFinalizer, hasFinalizer, removeFinalizer } from './finalizers.ts';
export type { FinalizerOptions, FinalizerResult } from './finalizers.ts';
export { updateStatusIfChanged } from './status.ts';
export type { StatusWriteOptions, StatusWriteResult } from './status.ts';
export { jsonEqual } from './json-equal.ts';
export { quantityEqual } from './quantity.ts';
