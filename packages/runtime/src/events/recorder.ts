// Kubernetes Events (events.k8s.io/v1) for `kubectl describe` and `kubectl events`.
//
// Like client-go's events broadcaster: a repeat of the same event (same object, type, reason,
// action and note) within the series window does not create another Event; it raises the first
// one's `series.count` by a merge patch. At most one request per series is in flight; repeats
// arriving meanwhile are folded into the next patch. New Events are rate-limited per object.
// Recording never throws and never blocks the caller: failures are logged and counted.
import { isNotFound } from '../client/errors.ts';
import type { KubeClient, KubeObject } from '../client/types.ts';
import { createLogger } from '../logging/logger.ts';
import { formatMicroTime } from './micro-time.ts';
import { createTokenBuckets } from './token-bucket.ts';

export type EventType = 'Normal' | 'Warning';

/** core/v1 ObjectReference, as events.k8s.io/v1 `regarding` and `related` hold it. */
export interface EventObjectReference {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface EventInput {
  type: EventType;
  /** CamelCase, why the action was taken (at most 128 characters). */
  reason: string;
  /** CamelCase, what was done or failed (at most 128 characters). */
  action: string;
  /** Human-readable; cut to 1 kB, the API's limit. */
  note: string;
  related?: KubeObject | EventObjectReference;
}

/** The subset of a pino logger the recorder uses. */
export interface EventLogger {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export interface EventRecorderOptions {
  client: KubeClient;
  /** Qualified name of the controller, e.g. `hermes.agent/operator`. */
  reportingController: string;
  /** Which replica reported, e.g. the pod name (at most 128 characters). */
  reportingInstance: string;
  logger?: EventLogger;
  /** Repeats within this time of the last occurrence join its series. Default 6 minutes (client-go). */
  seriesWindowMs?: number;
  /** New Events one object may get at once. Default 25 (client-go). */
  burst?: number;
  /** One more new Event per object is allowed every this many ms. Default 5 minutes (client-go). */
  refillMs?: number;
  /** Series and buckets remembered, oldest forgotten first. Default 4096. */
  maxTracked?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

export interface EventRecorderStats {
  created: number;
  patched: number;
  /** Rate-limited away. */
  dropped: number;
  /** Requests that failed (logged). */
  failed: number;
}

export interface EventRecorder {
  /** Records one occurrence. Returns at once; never throws. */
  record(regarding: KubeObject | EventObjectReference, input: EventInput): void;
  /** Resolves when every request started so far (and the patches they lead to) has finished. */
  flush(): Promise<void>;
  readonly stats: Readonly<EventRecorderStats>;
}

interface Series {
  key: string;
  name: string;
  namespace: string;
  /** Occurrences seen. */
  count: number;
  /** Occurrences the server's Event shows. */
  sentCount: number;
  lastObserved: Date;
  created: boolean;
  busy: boolean;
  /** The Event to create; dropped once created. */
  event: KubeObject | undefined;
}

const noteLimit = 1024;
const fieldLimit = 128;
const nameLimit = 253;

function isKubeObject(x: KubeObject | EventObjectReference): x is KubeObject {
  return 'metadata' in x && typeof x.metadata === 'object' && x.metadata !== null;
}

export function objectReference(x: KubeObject | EventObjectReference): EventObjectReference {
  if (!isKubeObject(x)) return x;
  const { name, namespace, uid, resourceVersion } = x.metadata;
  const ref: EventObjectReference = { apiVersion: x.apiVersion, kind: x.kind, name: name ?? '' };
  if (namespace) ref.namespace = namespace;
  if (uid) ref.uid = uid;
  if (resourceVersion) ref.resourceVersion = resourceVersion;
  return ref;
}

/** Cuts `text` to at most `limit` UTF-8 bytes without splitting a character. */
function truncateBytes(text: string, limit: number): string {
  if (Buffer.byteLength(text, 'utf8') <= limit) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > limit) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** `<object name>.<hex time>`, made a valid DNS subdomain whatever the object's name holds. */
function eventName(regardingName: string, nowMs: number, seq: number): string {
  const suffix = (BigInt(nowMs) * 1_000_000n + BigInt(seq % 1_000_000)).toString(16);
  let base = regardingName.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  base = base.slice(0, nameLimit - suffix.length - 1).replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return `${base || 'event'}.${suffix}`;
}

export function createEventRecorder(opts: EventRecorderOptions): EventRecorder {
  const client = opts.client;
  const logger: EventLogger = opts.logger ?? createLogger({ name: 'event-recorder' });
  const windowMs = opts.seriesWindowMs ?? 6 * 60_000;
  const maxTracked = opts.maxTracked ?? 4096;
  const now = opts.now ?? (() => new Date());
  const buckets = createTokenBuckets(opts.burst ?? 25, opts.refillMs ?? 5 * 60_000, maxTracked);
  const series = new Map<string, Series>();
  const inFlight = new Set<Promise<void>>();
  const stats: EventRecorderStats = { created: 0, patched: 0, dropped: 0, failed: 0 };
  let seq = 0;

  function track(p: Promise<void>): void {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  function forget(s: Series): void {
    if (series.get(s.key) === s) series.delete(s.key);
  }

  /** Sends whatever the series needs next: its create, or a patch with the latest count. */
  function pump(s: Series): void {
    if (s.busy) return;
    let request: Promise<void>;
    if (s.event) request = sendCreate(s, s.event);
    else if (s.created && s.count > s.sentCount) request = sendPatch(s);
    else return;
    s.busy = true;
    track(
      request.finally(() => {
        s.busy = false;
        pump(s);
      }),
    );
  }

  async function sendCreate(s: Series, event: KubeObject): Promise<void> {
    try {
      await client.create(event);
      s.event = undefined;
      s.created = true;
      s.sentCount = 1;
      stats.created++;
    } catch (err) {
      stats.failed++;
      s.event = undefined;
      forget(s);
      logger.warn({ err, event: { namespace: s.namespace, name: s.name } }, 'could not create Event');
    }
  }

  async function sendPatch(s: Series): Promise<void> {
    const count = s.count;
    const body = { series: { count, lastObservedTime: formatMicroTime(s.lastObserved) } };
    try {
      await client.patch(
        { apiVersion: 'events.k8s.io/v1', kind: 'Event', name: s.name, namespace: s.namespace },
        'merge',
        body,
      );
      s.sentCount = count;
      stats.patched++;
    } catch (err) {
      stats.failed++;
      // The Event is gone (its TTL expired) or unpatchable: the next occurrence starts a new one.
      forget(s);
      s.sentCount = s.count;
      const level = isNotFound(err) ? 'debug' : 'warn';
      logger[level](
        { err, event: { namespace: s.namespace, name: s.name } },
        'could not update Event series',
      );
    }
  }

  function record(regardingIn: KubeObject | EventObjectReference, input: EventInput): void {
    try {
      const at = now();
      const atMs = at.getTime();
      const regarding = objectReference(regardingIn);
      const related = input.related ? objectReference(input.related) : undefined;
      const reason = input.reason.slice(0, fieldLimit);
      const action = input.action.slice(0, fieldLimit);
      const note = truncateBytes(input.note, noteLimit);
      const objectKey = [
        regarding.apiVersion,
        regarding.kind,
        regarding.namespace ?? '',
        regarding.name,
        regarding.uid ?? '',
      ].join('\u0000');
      const key = [objectKey, input.type, reason, action, note, related ? JSON.stringify(related) : ''].join(
        '\u0000',
      );

      const existing = series.get(key);
      if (existing && atMs - existing.lastObserved.getTime() <= windowMs) {
        existing.count++;
        existing.lastObserved = at;
        pump(existing);
        return;
      }
      if (!buckets.take(objectKey, atMs)) {
        stats.dropped++;
        logger.debug({ regarding, reason }, 'Event rate-limited');
        return;
      }
      const namespace = regarding.namespace || 'default';
      const s: Series = {
        key,
        name: eventName(regarding.name, atMs, seq++),
        namespace,
        count: 1,
        sentCount: 0,
        lastObserved: at,
        created: false,
        busy: false,
        event: undefined,
      };
      series.delete(key);
      series.set(key, s);
      if (series.size > maxTracked) {
        const oldest = series.keys().next();
        if (!oldest.done) series.delete(oldest.value);
      }
      s.event = {
        apiVersion: 'events.k8s.io/v1',
        kind: 'Event',
        metadata: { name: s.name, namespace },
        eventTime: formatMicroTime(at),
        reportingController: opts.reportingController,
        reportingInstance: opts.reportingInstance.slice(0, fieldLimit),
        action,
        reason,
        note,
        type: input.type,
        regarding,
        ...(related ? { related } : {}),
      };
      pump(s);
    } catch (err) {
      // A bug here must not break the reconcile that wanted to report something.
      stats.failed++;
      logger.warn({ err }, 'could not record Event');
    }
  }

  return {
    record,
    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    get stats() {
      return { ...stats };
    },
  };
}
