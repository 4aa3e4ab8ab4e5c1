// A scripted KubeClient and a manual clock for the cache's unit tests (no server at this tier).
import type {
  KindRef,
  KubeClient,
  KubeObject,
  ListOptions,
  WatchEvent,
  WatchOptions,
} from '../../../src/client/types.ts';
import type { Clock } from '../../../src/cache/clock.ts';
import type { EventHandler } from '../../../src/cache/types.ts';

export type ListStep = { items: KubeObject[]; resourceVersion: string } | Error;

/** One watch request: the events it yields, then how it ends ('hang' waits for the abort). */
export interface WatchStep {
  events: WatchEvent[];
  end?: 'close' | 'hang' | Error;
  /** The server accepted the watch: call `onOpen` before any event, as the real client does. */
  opened?: boolean;
}

export interface Call {
  method: 'listAll' | 'watch';
  kind: KindRef;
  opts: ListOptions | WatchOptions;
}

function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal || signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Answers listAll and watch from scripts; once a script runs out, requests hang until aborted. */
export class ScriptedClient {
  readonly lists: ListStep[] = [];
  readonly watches: WatchStep[] = [];
  readonly calls: Call[] = [];
  readonly server = 'https://fake.invalid';

  listCalls(): Call[] {
    return this.calls.filter((c) => c.method === 'listAll');
  }

  watchCalls(): Call[] {
    return this.calls.filter((c) => c.method === 'watch');
  }

  async listAll<T extends KubeObject = KubeObject>(
    kind: KindRef,
    opts: ListOptions = {},
  ): Promise<{ items: T[]; resourceVersion: string }> {
    this.calls.push({ method: 'listAll', kind, opts });
    const step = this.lists.shift();
    if (!step) {
      await untilAborted(opts.signal);
      throw new DOMException('aborted', 'AbortError');
    }
    if (step instanceof Error) throw step;
    // Deep copies, as a real client hands out freshly parsed objects.
    return structuredClone(step) as { items: T[]; resourceVersion: string };
  }

  watch<T extends KubeObject = KubeObject>(
    kind: KindRef,
    opts: WatchOptions = {},
  ): AsyncIterable<WatchEvent<T>> {
    this.calls.push({ method: 'watch', kind, opts });
    const step = this.watches.shift() ?? { events: [], end: 'hang' };
    return (async function* () {
      await Promise.resolve();
      if (step.opened) opts.onOpen?.();
      for (const ev of step.events) {
        if (opts.signal?.aborted) return;
        yield structuredClone(ev) as WatchEvent<T>;
      }
      const end = step.end ?? 'hang';
      if (end === 'close') return;
      if (end === 'hang') return untilAborted(opts.signal);
      throw end;
    })();
  }

  asClient(): KubeClient {
    const unsupported = (): never => {
      throw new Error('not scripted in this fake');
    };
    return {
      get: unsupported,
      list: unsupported,
      create: unsupported,
      update: unsupported,
      patch: unsupported,
      apply: unsupported,
      delete: unsupported,
      resourceFor: unsupported,
      invalidateDiscovery: unsupported,
      server: this.server,
      listAll: (kind, opts) => this.listAll(kind, opts),
      watch: (kind, opts) => this.watch(kind, opts),
    };
  }
}

interface Timer {
  at: number;
  every: number;
  fn: () => void;
}

/**
 * Virtual time. `sleep` records its delay and returns at once (advancing time) unless
 * `holdSleeps` is set, in which case it waits for the abort; timers fire on `advance`.
 */
export class ManualClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];
  holdSleeps = false;
  readonly #timers = new Set<Timer>();

  now(): number {
    return this.time;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (this.holdSleeps) return untilAborted(signal);
    this.time += ms;
    await Promise.resolve();
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer: Timer = { at: this.time + ms, every: 0, fn };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  setRepeating(fn: () => void, ms: number): () => void {
    const timer: Timer = { at: this.time + ms, every: ms, fn };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.#timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.time = due.at;
      if (due.every > 0) due.at += due.every;
      else this.#timers.delete(due);
      due.fn();
    }
    this.time = until;
  }
}

export function configMap(
  name: string,
  resourceVersion: string,
  extra: {
    namespace?: string;
    data?: Record<string, string>;
    metadata?: Partial<KubeObject['metadata']>;
  } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      namespace: extra.namespace ?? 'ns',
      resourceVersion,
      uid: `uid-${name}`,
      ...extra.metadata,
    },
    data: extra.data ?? { v: resourceVersion },
  };
}

export function ev(type: WatchEvent['type'], object: KubeObject): WatchEvent {
  return { type, object };
}

export function bookmark(resourceVersion: string): WatchEvent {
  return { type: 'BOOKMARK', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { resourceVersion } } };
}

export function statusEvent(code: number, reason: string, message: string): WatchEvent {
  return {
    type: 'ERROR',
    object: { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', code, reason, message },
  };
}

/** Records handler calls as compact strings, e.g. `add ns/a initial`, `update ns/b 1->2`, `delete ns/c unknown`. */
export function recorder(): { log: string[]; handler: EventHandler } {
  const log: string[] = [];
  const key = (o: KubeObject): string => `${o.metadata.namespace}/${o.metadata.name}`;
  return {
    log,
    handler: {
      onAdd: (o, initial) => log.push(`add ${key(o)}${initial ? ' initial' : ''}`),
      onUpdate: (old, cur) =>
        log.push(`update ${key(cur)} ${old.metadata.resourceVersion}->${cur.metadata.resourceVersion}`),
      onDelete: (o, unknown) => log.push(`delete ${key(o)}${unknown ? ' unknown' : ''}`),
    },
  };
}
