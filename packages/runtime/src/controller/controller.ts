// A controller: informer events -> work queue keys -> N workers calling the reconciler.
//
// Result handling (controller-runtime's):
// - throw/reject                 -> requeue with the key's exponential backoff; counted as an error
// - throw TerminalError (or one in its `cause` chain) -> no requeue, backoff reset; counted as an
//   error and a terminal error
// - throw of a non-Error value   -> counted as a panic as well as an error (Go's panics are bugs that
//   are not ordinary errors; in JS the closest thing is throwing a non-Error), then requeued with backoff
// - { requeueAfter: ms }         -> forget the backoff, add after the delay (earliest due time wins)
// - { requeue: true }            -> requeue with backoff
// - nothing / {}                 -> forget the backoff
// The reconcile timeout aborts `ctx.signal`; the worker still waits for the reconciler to settle so
// that one key is never reconciled twice at once (a reconciler that ignores its signal holds its key).
import { randomUUID } from 'node:crypto';
import type { Informer, InformerKey } from '../cache/types.ts';
import type { KubeObject } from '../client/types.ts';
import { reconcileLogger, silentLogger } from '../logging/index.ts';
import type { Logger } from '../logging/index.ts';
import { noopQueueMetrics, prometheusQueueMetrics, realClock, WorkQueue } from '../queue/index.ts';
import type { Clock, RateLimiter } from '../queue/index.ts';
import { isTerminalError } from './errors.ts';
import { watchEventHandler } from './event-handler.ts';
import {
  activeWorkers,
  initControllerMetrics,
  maxConcurrentReconciles,
  reconcileErrors,
  reconcilePanics,
  reconcileTime,
  reconcileTotal,
  terminalReconcileErrors,
} from './metrics.ts';
import type { ReconcileOutcome } from './metrics.ts';
import type { Predicate } from './predicates.ts';
import { requestFromKey } from './requests.ts';
import type { InformerSource, Reconciler, Request, Result } from './types.ts';

/** One watched informer: which objects, which events, and which requests they make. */
export interface WatchSpec {
  role: 'for' | 'owns' | 'watches';
  key: InformerKey;
  predicates: readonly Predicate[];
  /** Resolved at start, when discovery can tell whether an owner kind is namespaced. */
  mapper(source: InformerSource): Promise<(obj: KubeObject) => Request[]>;
}

export interface ControllerConfig {
  name: string;
  watches: readonly WatchSpec[];
  reconciler: Reconciler;
  /** Default 1. */
  maxConcurrentReconciles?: number;
  /** Aborts `ctx.signal` after this many ms. Default: no timeout. */
  reconcileTimeoutMs?: number;
  clock?: Clock;
  /** A fresh limiter per start; default exponential 5 ms .. 1000 s. */
  rateLimiter?: () => RateLimiter;
  /** Register Prometheus metrics (default true; some unit tests turn them off). */
  metrics?: boolean;
}

export interface ControllerStartContext {
  source: InformerSource;
  logger?: Logger;
  /** How long to wait for this controller's informers to sync before failing to start. */
  syncTimeoutMs: number;
}

export class Controller {
  readonly name: string;
  readonly maxConcurrentReconciles: number;
  readonly #cfg: ControllerConfig;
  readonly #clock: Clock;
  /** The manager's logger, and the same with `controller` bound (reconcile loggers bind it themselves). */
  #base: Logger = silentLogger();
  #log: Logger = this.#base;
  #queue: WorkQueue | undefined;
  #unsubscribe: Array<() => void> = [];
  #workers: Array<Promise<void>> = [];
  readonly #inFlight = new Set<AbortController>();
  #started = false;

  constructor(cfg: ControllerConfig) {
    if (!cfg.name) throw new Error('a controller needs a name');
    if (cfg.watches.length === 0) throw new Error(`controller ${cfg.name}: nothing to watch`);
    const n = cfg.maxConcurrentReconciles ?? 1;
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`controller ${cfg.name}: maxConcurrentReconciles must be >= 1`);
    this.name = cfg.name;
    this.maxConcurrentReconciles = n;
    this.#cfg = cfg;
    this.#clock = cfg.clock ?? realClock;
    if (cfg.metrics !== false) initControllerMetrics(cfg.name);
  }

  /** The informers this controller reads, so the manager can create them before starting its caches. */
  informerKeys(): InformerKey[] {
    return this.#cfg.watches.map((w) => w.key);
  }

  /** The running queue (introspection and tests); undefined while stopped. */
  get queue(): WorkQueue | undefined {
    return this.#queue;
  }

  get started(): boolean {
    return this.#started;
  }

  /**
   * Registers event handlers, waits for every watched informer to sync, then starts the workers.
   * Rejects (and leaves the controller stopped) if the caches do not sync in time.
   */
  async start(ctx: ControllerStartContext): Promise<void> {
    if (this.#started) throw new Error(`controller ${this.name} is already started`);
    this.#started = true;
    this.#base = ctx.logger ?? silentLogger();
    this.#log = this.#base.child({ controller: this.name });
    const queue = new WorkQueue({
      clock: this.#clock,
      ...(this.#cfg.rateLimiter ? { rateLimiter: this.#cfg.rateLimiter() } : {}),
      metrics: this.#cfg.metrics === false ? noopQueueMetrics : prometheusQueueMetrics(this.name),
    });
    this.#queue = queue;
    const informers: Informer[] = [];
    try {
      for (const w of this.#cfg.watches) {
        const toRequests = await w.mapper(ctx.source);
        const informer = await ctx.source.getInformer(w.key);
        if (queue.shuttingDown) return; // stopped while starting
        const handler = watchEventHandler(toRequests, w.predicates, (key, priority) =>
          queue.add(key, { priority }),
        );
        this.#unsubscribe.push(informer.addHandler(handler));
        informers.push(informer);
      }
      this.#log.info(
        { watches: this.#cfg.watches.map((w) => `${w.role} ${w.key.kind}`) },
        'Starting controller',
      );
      await Promise.all(informers.map((i) => i.waitForSync(ctx.syncTimeoutMs)));
    } catch (err) {
      await this.stop(0);
      throw new Error(`controller ${this.name}: caches did not sync: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (queue.shuttingDown) return;
    if (this.#cfg.metrics !== false) {
      maxConcurrentReconciles.set({ controller: this.name }, this.maxConcurrentReconciles);
    }
    for (let i = 0; i < this.maxConcurrentReconciles; i++) this.#workers.push(this.#work(queue));
    this.#log.info({ workerCount: this.maxConcurrentReconciles }, 'Starting workers');
  }

  /**
   * Stops taking new work and waits up to `graceMs` for in-flight reconciles; past the grace period
   * their signals abort. Resolves true when everything finished in time.
   */
  async stop(graceMs = 30_000): Promise<boolean> {
    const queue = this.#queue;
    if (!queue) return true;
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    const drained = await queue.shutDownWithDrain(graceMs);
    if (drained) {
      await Promise.all(this.#workers);
    } else {
      this.#log.warn(
        { inFlight: this.#inFlight.size, graceMs },
        'Reconciles still running after the grace period',
      );
      for (const abort of this.#inFlight) abort.abort(new Error(`controller ${this.name} stopped`));
    }
    this.#workers = [];
    this.#queue = undefined;
    this.#started = false;
    this.#log.info({ drained }, 'Stopped controller');
    return drained;
  }

  async #work(queue: WorkQueue): Promise<void> {
    for (;;) {
      const key = await queue.get();
      if (key === undefined) return;
      try {
        await this.#reconcile(queue, key);
      } catch (err) {
        // Only bookkeeping runs here (the reconciler's own throws are handled inside); never lose a worker.
        this.#log.error({ err, key }, 'Internal error handling a reconcile result');
      } finally {
        queue.done(key);
      }
    }
  }

  async #reconcile(queue: WorkQueue, key: string): Promise<void> {
    const req = requestFromKey(key);
    const reconcileID = randomUUID();
    const log = reconcileLogger(this.#base, { controller: this.name, ...req, reconcileID });
    const abort = new AbortController();
    const timeoutMs = this.#cfg.reconcileTimeoutMs;
    const timer =
      timeoutMs && timeoutMs > 0
        ? this.#clock.setTimer(
            () => abort.abort(new DOMException(`reconcile timed out after ${timeoutMs} ms`, 'TimeoutError')),
            timeoutMs,
          )
        : undefined;
    const labels = { controller: this.name };
    const metrics = this.#cfg.metrics !== false;
    this.#inFlight.add(abort);
    if (metrics) activeWorkers.inc(labels);
    const started = this.#clock.now();
    let result: Result | undefined;
    let failed = false;
    let error: unknown;
    log.debug('Reconciling');
    try {
      result = (await this.#cfg.reconciler(req, { signal: abort.signal, log, reconcileID })) ?? undefined;
    } catch (err) {
      failed = true;
      error = err;
    } finally {
      timer?.cancel();
      this.#inFlight.delete(abort);
      if (metrics) {
        activeWorkers.dec(labels);
        reconcileTime.observe(labels, (this.#clock.now() - started) / 1000);
      }
    }

    let outcome: ReconcileOutcome;
    if (failed) {
      outcome = 'error';
      if (metrics) reconcileErrors.inc(labels);
      if (!(error instanceof Error)) {
        if (metrics) reconcilePanics.inc(labels);
        log.error({ panic: String(error) }, 'Observed a panic in reconciler: a non-Error value was thrown');
      }
      const timedOut =
        abort.signal.aborted && (abort.signal.reason as Error | undefined)?.name === 'TimeoutError';
      if (isTerminalError(error)) {
        if (metrics) terminalReconcileErrors.inc(labels);
        queue.forget(key);
        log.error({ err: error }, 'Reconciler error (terminal, not requeued)');
      } else {
        queue.addRateLimited(key);
        log.error({ err: error, timedOut }, 'Reconciler error');
      }
    } else if (result?.requeueAfter !== undefined && result.requeueAfter > 0) {
      outcome = 'requeue_after';
      queue.forget(key);
      queue.addAfter(key, result.requeueAfter);
    } else if (result?.requeue) {
      outcome = 'requeue';
      queue.addRateLimited(key);
    } else {
      outcome = 'success';
      queue.forget(key);
    }
    if (metrics) reconcileTotal.inc({ controller: this.name, result: outcome });
    log.debug({ result: outcome }, 'Reconcile done');
  }
}
