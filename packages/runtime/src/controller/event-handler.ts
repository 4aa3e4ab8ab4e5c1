// Turns informer events into queue adds: predicates first, then the watch's object-to-requests mapping.
import type { EventHandler } from '../cache/types.ts';
import type { KubeObject } from '../client/types.ts';
import type { Priority } from '../queue/index.ts';
import { passes } from './predicates.ts';
import type { Predicate } from './predicates.ts';
import { requestKey } from './requests.ts';
import type { Request } from './types.ts';

export type Enqueue = (key: string, priority: Priority) => void;

export function watchEventHandler(
  toRequests: (obj: KubeObject) => Request[],
  predicates: readonly Predicate[],
  enqueue: Enqueue,
): EventHandler {
  const addAll = (priority: Priority, ...objs: KubeObject[]): void => {
    const keys = new Set<string>();
    for (const obj of objs) for (const req of toRequests(obj)) keys.add(requestKey(req));
    for (const key of keys) enqueue(key, priority);
  };
  return {
    onAdd(obj, isInitialList) {
      if (!predicates.every((p) => passes.create(p, obj))) return;
      // Initial-list events wait behind live changes.
      addAll(isInitialList ? 'low' : 'normal', obj);
    },
    onUpdate(oldObj, newObj) {
      if (!predicates.every((p) => passes.update(p, oldObj, newObj))) return;
      // An unchanged resourceVersion is a periodic resync: low priority.
      const resync = oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion;
      // Both old and new: an owner reference or mapped field may have moved to another object.
      addAll(resync ? 'low' : 'normal', oldObj, newObj);
    },
    onDelete(obj) {
      if (!predicates.every((p) => passes.delete(p, obj))) return;
      addAll('normal', obj);
    },
  };
}
