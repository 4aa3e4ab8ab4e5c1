// What every hermes controller is built from: the client to write with, the manager's cache to
// read from, and the recorder for Kubernetes Events.
import type { KubeClient } from '@agent-operators/runtime/client';
import type { EventRecorder } from '@agent-operators/runtime/events';
import type { Manager } from '@agent-operators/runtime/manager';

export interface ControllerDeps {
  client: KubeClient;
  /** Source of cached informers (the manager, scoped to the watched namespaces). */
  cache: Pick<Manager, 'getInformer'>;
  recorder: EventRecorder;
  /** Clock for status timestamps and TTLs (tests pass a fixed one). */
  now?: () => Date;
}

export const clock = (deps: ControllerDeps): Date => (deps.now ? deps.now() : new Date());
