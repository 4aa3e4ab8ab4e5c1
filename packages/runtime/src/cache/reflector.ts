// The list+watch loop for one InformerKey: LIST (paginated), then WATCH from the list's
// resourceVersion, resuming every reconnect from the last resourceVersion seen. Relists only when
// the server says that resourceVersion is gone. Retries every other failure forever, with backoff.
import type { KindRef, KubeClient, KubeObject } from '../client/types.ts';
import { Backoff } from './backoff.ts';
import type { BackoffOptions } from './backoff.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { errorFields, guardLogger, stderrLogger } from './logger.ts';
import type { CacheLogger } from './logger.ts';
import type { InformerKey } from './types.ts';
import { errorFromWatchStatus, isResourceExpired } from './watch-errors.ts';

/** Where the reflector delivers what it learns. Called synchronously, in order. */
export interface ReflectorSink {
  /** A complete list; the sink reconciles its contents with it. */
  replace(items: KubeObject[], resourceVersion: string): void;
  event(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject): void;
}

export interface ReflectorOptions {
  client: KubeClient;
  key: InformerKey;
  sink: ReflectorSink;
  /** LIST page size (`limit`). Default 500. */
  pageSize?: number;
  /** Bounds of the random server-side watch timeout, in seconds. Default 300..600. */
  watchTimeoutSeconds?: { min: number; max: number };
  backoff?: Partial<BackoffOptions>;
  /** A watch that ends sooner than this without any event counts as a failure (avoids a hot loop). */
  minWatchDurationMs?: number;
  clock?: Clock;
  random?: () => number;
  logger?: CacheLogger;
}

/** Counters for readiness, metrics and tests. */
export interface ReflectorStats {
  /** Completed full LISTs (the first one included). */
  lists: number;
  /** WATCH requests started. */
  watches: number;
  /** Times the server answered that our resourceVersion is gone (410 / too large). */
  expired: number;
  /** Failures that led to a backoff. */
  failures: number;
}

export class Reflector {
  readonly stats: ReflectorStats = { lists: 0, watches: 0, expired: 0, failures: 0 };
  readonly #client: KubeClient;
  readonly #key: InformerKey;
  readonly #kind: KindRef;
  readonly #sink: ReflectorSink;
  readonly #pageSize: number;
  readonly #watchTimeout: { min: number; max: number };
  readonly #minWatchMs: number;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #log: CacheLogger;
  readonly #backoff: Backoff;
  readonly #abort = new AbortController();
  #lastResourceVersion = '';
  #needList = true;
  /** Consecutive expiries with no event in between: the first relists at once, later ones back off. */
  #expiredStreak = 0;
  #lastError: Error | undefined;
  #loop: Promise<void> | undefined;

  constructor(opts: ReflectorOptions) {
    this.#client = opts.client;
    this.#key = opts.key;
    this.#kind = { apiVersion: opts.key.apiVersion, kind: opts.key.kind, namespace: opts.key.namespace };
    this.#sink = opts.sink;
    this.#pageSize = opts.pageSize ?? 500;
    this.#watchTimeout = opts.watchTimeoutSeconds ?? { min: 300, max: 600 };
    this.#minWatchMs = opts.minWatchDurationMs ?? 1000;
    this.#clock = opts.clock ?? systemClock;
    this.#random = opts.random ?? Math.random;
    this.#log = guardLogger(opts.logger ?? stderrLogger);
    this.#backoff = new Backoff(opts.backoff, this.#random);
  }

  /** The resourceVersion the next watch resumes from ("" before the first list). */
  get lastResourceVersion(): string {
    return this.#lastResourceVersion;
  }

  get lastError(): Error | undefined {
    return this.#lastError;
  }

  start(): void {
    if (this.#abort.signal.aborted) throw new Error('cache: a stopped reflector cannot be restarted');
    this.#loop ??= this.#run();
  }

  /** Aborts the request in flight and any backoff sleep; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#loop;
  }

  async #run(): Promise<void> {
    const signal = this.#abort.signal;
    while (!signal.aborted) {
      try {
        if (this.#needList) await this.#list(signal);
        await this.#watch(signal);
      } catch (err) {
        if (signal.aborted) break;
        this.#lastError = err instanceof Error ? err : new Error(String(err));
        if (isResourceExpired(err)) {
          this.stats.expired++;
          this.#needList = true;
          this.#lastResourceVersion = '';
          this.#log.info({ ...this.#fields(), ...errorFields(err) }, 'resourceVersion expired; relisting');
          if (this.#expiredStreak++ === 0) continue;
        } else {
          this.#log.warn({ ...this.#fields(), ...errorFields(err) }, 'list/watch failed; retrying');
        }
        this.stats.failures++;
        await this.#clock.sleep(this.#backoff.next(), signal);
      }
    }
  }

  async #list(signal: AbortSignal): Promise<void> {
    // No resourceVersion: a consistent read, so the relist after an expiry sees the latest state.
    const { items, resourceVersion } = await this.#client.listAll(this.#kind, {
      labelSelector: this.#key.labelSelector,
      fieldSelector: this.#key.fieldSelector,
      limit: this.#pageSize,
      signal,
    });
    if (signal.aborted) return;
    this.stats.lists++;
    this.#sink.replace(items, resourceVersion);
    this.#lastResourceVersion = resourceVersion;
    this.#needList = false;
    this.#lastError = undefined;
    // While expiries repeat, a good list alone doesn't reset the backoff; a delivered event does.
    if (this.#expiredStreak === 0) this.#backoff.reset();
  }

  async #watch(signal: AbortSignal): Promise<void> {
    const { min, max } = this.#watchTimeout;
    const timeoutSeconds = Math.floor(min + this.#random() * (max - min + 1));
    const startedAt = this.#clock.now();
    let received = 0;
    this.stats.watches++;
    const stream = this.#client.watch(this.#kind, {
      labelSelector: this.#key.labelSelector,
      fieldSelector: this.#key.fieldSelector,
      resourceVersion: this.#lastResourceVersion,
      allowWatchBookmarks: true,
      timeoutSeconds,
      signal,
      // An accepted watch is healthy even before its first event (readiness reads lastError).
      onOpen: () => {
        this.#lastError = undefined;
      },
    });
    for await (const ev of stream) {
      if (signal.aborted) return;
      if (ev.type === 'ERROR') throw errorFromWatchStatus(ev.object);
      if (received++ === 0) {
        this.#lastError = undefined;
        this.#backoff.reset();
        this.#expiredStreak = 0;
      }
      const rv = ev.object.metadata?.resourceVersion;
      if (ev.type !== 'BOOKMARK') this.#sink.event(ev.type, ev.object);
      // Opaque: only ever stored and sent back, never compared.
      if (rv) this.#lastResourceVersion = rv;
    }
    if (!signal.aborted && received === 0 && this.#clock.now() - startedAt < this.#minWatchMs) {
      throw new Error('watch closed immediately without any event');
    }
  }

  #fields(): Record<string, unknown> {
    const { apiVersion, kind, namespace, labelSelector, fieldSelector } = this.#key;
    return {
      apiVersion,
      kind,
      namespace,
      labelSelector,
      fieldSelector,
      resourceVersion: this.#lastResourceVersion,
    };
  }
}
