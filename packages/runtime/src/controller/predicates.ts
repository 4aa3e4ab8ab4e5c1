// Event filters, as controller-runtime's predicates: a missing method lets the event through.
import type { KubeObject } from '../client/types.ts';

export interface Predicate<T extends KubeObject = KubeObject> {
  create?(obj: T): boolean;
  update?(oldObj: T, newObj: T): boolean;
  delete?(obj: T): boolean;
}

export const passes = {
  create: <T extends KubeObject>(p: Predicate<T>, obj: T): boolean => p.create?.(obj) ?? true,
  update: <T extends KubeObject>(p: Predicate<T>, o: T, n: T): boolean => p.update?.(o, n) ?? true,
  delete: <T extends KubeObject>(p: Predicate<T>, obj: T): boolean => p.delete?.(obj) ?? true,
};

function sameMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ak = Object.keys(a ?? {});
  if (ak.length !== Object.keys(b ?? {}).length) return false;
  return ak.every((k) => a?.[k] === b?.[k]);
}

/** Updates pass only when metadata.generation changed (spec changes; status-only writes are ignored). */
export const generationChanged: Predicate = {
  update: (o, n) => o.metadata.generation !== n.metadata.generation,
};

export const labelsChanged: Predicate = {
  update: (o, n) => !sameMap(o.metadata.labels, n.metadata.labels),
};

export const annotationsChanged: Predicate = {
  update: (o, n) => !sameMap(o.metadata.annotations, n.metadata.annotations),
};

/** Updates pass only when resourceVersion changed: drops periodic resyncs. */
export const resourceVersionChanged: Predicate = {
  update: (o, n) => o.metadata.resourceVersion !== n.metadata.resourceVersion,
};

/** Builds a predicate from one function applied to every event's (new) object. */
export function newPredicateFuncs<T extends KubeObject = KubeObject>(fn: (obj: T) => boolean): Predicate<T> {
  return { create: fn, update: (_o, n) => fn(n), delete: fn };
}

export function and<T extends KubeObject>(...ps: Predicate<T>[]): Predicate<T> {
  return {
    create: (obj) => ps.every((p) => passes.create(p, obj)),
    update: (o, n) => ps.every((p) => passes.update(p, o, n)),
    delete: (obj) => ps.every((p) => passes.delete(p, obj)),
  };
}

export function or<T extends KubeObject>(...ps: Predicate<T>[]): Predicate<T> {
  return {
    create: (obj) => ps.some((p) => passes.create(p, obj)),
    update: (o, n) => ps.some((p) => passes.update(p, o, n)),
    delete: (obj) => ps.some((p) => passes.delete(p, obj)),
  };
}

/** Negates every event kind, including those the inner predicate lets through by default. */
export function not<T extends KubeObject>(p: Predicate<T>): Predicate<T> {
  return {
    create: (obj) => !passes.create(p, obj),
    update: (o, n) => !passes.update(p, o, n),
    delete: (obj) => !passes.delete(p, obj),
  };
}
