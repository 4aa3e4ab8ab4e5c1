// The manager: owns the cache, runs controllers (only on the leader), serves health and metrics,
// and shuts everything down in order.
//
// start():  health + metrics servers -> informers for every controller -> caches started and synced
//           (within syncTimeoutMs) -> leader election (if enabled) -> controllers on the leader.
// stop():   controllers stop taking work and drain within the grace period -> the lease is released
//           (only now, so a successor never reconciles alongside our in-flight work) -> informers
//           stop -> servers close. SIGTERM/SIGINT call stop().
import { SharedInformerFactory } from '../cache/index.ts';
import type { InformerOptions } from '../cache/index.ts';
import type { Informer, InformerFactory, InformerKey } from '../cache/types.ts';
import { createKubeClient } from '../client/index.ts';
import type { KubeClient, KubeObject } from '../client/types.ts';
import type { Controller } from '../controller/index.ts';
import { createLogger } from '../logging/index.ts';
import type { Logger } from '../logging/index.ts';
import { parseListenAddress } from './address.ts';
import { HealthServer } from './health-server.ts';
import type { Check } from './health-server.ts';
import { LeaderElector } from './leader-election.ts';
import type { LeaderElectionOptions } from './leader-election.ts';
import { ManagerCache } from './manager-cache.ts';
import { MetricsServer } from './metrics-server.ts';
import type { MetricsServerOptions } from './metrics-server.ts';

export interface ManagerOptions {
  /** The API client. Without it one is made from `kubeconfigPath` (or the default kubeconfig / in-cluster). */
  client?: KubeClient;
  kubeconfigPath?: string;
  /** Namespaces to watch for namespaced kinds; empty or absent: all namespaces. */
  namespaces?: string[];
  leaderElection?: LeaderElectionOptions;
  /** `host:port` for /healthz and /readyz; absent or `0`: no health server. */
  healthAddress?: string;
  metrics?: MetricsServerOptions;
  /** How long caches may take to sync at start. Default 120000. */
  syncTimeoutMs?: number;
  /** How long in-flight reconciles may run on during shutdown. Default 30000. */
  gracefulShutdownMs?: number;
  logger?: Logger;
  /** Called when the lease is lost. Default: log and exit the process with status 1 (it restarts clean). */
  onLostLeadership?: () => void;
  /** Install SIGTERM/SIGINT handlers that stop the manager. Default true; tests turn it off. */
  handleSignals?: boolean;
  /** Options for every informer (resync period, managedFields stripping, ...). */
  cache?: InformerOptions;
  /** Replaces the default SharedInformerFactory (tests). */
  informerFactory?: InformerFactory;
}

export interface Manager {
  readonly client: KubeClient;
  readonly logger: Logger;
  /** Adds a controller; before start, or while running (it starts at once if leading). */
  add(controller: Controller): void;
  /** A cache informer, scoped to the manager's namespaces; for reading in reconcilers. */
  getInformer<T extends KubeObject = KubeObject>(key: InformerKey): Promise<Informer<T>>;
  addHealthCheck(name: string, check: Check): void;
  addReadyCheck(name: string, check: Check): void;
  /** Resolves once servers listen and caches synced (controllers run once leading). */
  start(): Promise<void>;
  /** Graceful shutdown; resolves when everything has stopped. Idempotent. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /** Resolves when this manager starts leading (at once without leader election). */
  elected(): Promise<void>;
  readonly healthAddress: { host: string; port: number } | undefined;
  readonly metricsUrl: string | undefined;
  readonly identity: string | undefined;
}

export async function createManager(opts: ManagerOptions = {}): Promise<Manager> {
  const owned = !opts.client;
  const client = opts.client ?? (await createKubeClient({ kubeconfigPath: opts.kubeconfigPath }));
  return new ControllerManager(client, owned, opts);
}

class ControllerManager implements Manager {
  readonly client: KubeClient;
  readonly logger: Logger;
  readonly #opts: ManagerOptions;
  readonly #ownsClient: boolean;
  readonly #factory: InformerFactory;
  readonly #cache: ManagerCache;
  readonly #controllers: Controller[] = [];
  readonly #health = new HealthServer();
  readonly #metrics = new MetricsServer();
  readonly #elector: LeaderElector | undefined;
  readonly #syncTimeoutMs: number;
  #leading = false;
  #electedResolve!: () => void;
  readonly #elected: Promise<void>;
  #started = false;
  #stopping: Promise<void> | undefined;
  #controllersRunning: Array<Promise<void>> = [];
  #removeSignalHandlers: (() => void) | undefined;

  constructor(client: KubeClient, ownsClient: boolean, opts: ManagerOptions) {
    this.client = client;
    this.#ownsClient = ownsClient;
    this.#opts = opts;
    this.logger = opts.logger ?? createLogger({ name: 'manager' });
    this.#syncTimeoutMs = opts.syncTimeoutMs ?? 120_000;
    this.#factory =
      opts.informerFactory ??
      new SharedInformerFactory(client, { logger: this.logger.child({ component: 'cache' }), ...opts.cache });
    this.#cache = new ManagerCache(client, this.#factory, opts.namespaces ?? []);
    this.#elected = new Promise((resolve) => (this.#electedResolve = resolve));
    if (opts.leaderElection?.enabled) {
      this.#elector = new LeaderElector(client, opts.leaderElection, {
        logger: this.logger.child({ component: 'leader-election' }),
        callbacks: {
          onStartedLeading: () => this.#startLeading(),
          onStoppedLeading: () => void this.#lostLeadership(),
        },
      });
    }
    this.#health.addHealthCheck('ping', () => undefined);
    this.#health.addReadyCheck('informers', () => {
      const { ready, problems } = this.#cache.readiness();
      return ready ? undefined : problems.join('; ');
    });
  }

  get healthAddress() {
    return this.#health.address;
  }

  get metricsUrl(): string | undefined {
    return this.#metrics.url;
  }

  get identity(): string | undefined {
    return this.#elector?.identity;
  }

  isLeader(): boolean {
    return this.#leading;
  }

  elected(): Promise<void> {
    return this.#elected;
  }

  add(controller: Controller): void {
    if (this.#controllers.some((c) => c.name === controller.name)) {
      throw new Error(`a controller named "${controller.name}" was already added (names label metrics)`);
    }
    this.#controllers.push(controller);
    if (this.#leading && !this.#stopping) this.#startController(controller);
  }

  getInformer<T extends KubeObject = KubeObject>(key: InformerKey): Promise<Informer<T>> {
    return this.#cache.getInformer<T>(key);
  }

  addHealthCheck(name: string, check: Check): void {
    this.#health.addHealthCheck(name, check);
  }

  addReadyCheck(name: string, check: Check): void {
    this.#health.addReadyCheck(name, check);
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('manager already started');
    this.#started = true;
    if (this.#opts.handleSignals ?? true) this.#installSignalHandlers();
    try {
      const healthAddr = parseListenAddress(this.#opts.healthAddress);
      if (healthAddr) await this.#health.start(healthAddr);
      const metricsAddr = parseListenAddress(this.#opts.metrics?.address);
      if (this.#opts.metrics && metricsAddr) await this.#metrics.start(this.#opts.metrics, metricsAddr);

      // Informers exist before the factory starts so one start covers them all; caches run on every
      // replica so a new leader has warm caches.
      for (const c of this.#controllers)
        for (const key of c.informerKeys()) await this.#cache.getInformer(key);
      this.#factory.start();
      this.logger.info({ namespaces: this.#cache.namespaces }, 'Waiting for caches to sync');
      await this.#factory.waitForSync(this.#syncTimeoutMs);
      this.logger.info('Caches synced');
    } catch (err) {
      await this.stop();
      throw err;
    }
    if (this.#elector) this.#elector.run();
    else this.#startLeading();
  }

  stop(): Promise<void> {
    this.#stopping ??= this.#shutdown();
    return this.#stopping;
  }

  #startLeading(): void {
    if (this.#stopping) return;
    this.#leading = true;
    this.#electedResolve();
    for (const c of this.#controllers) this.#startController(c);
  }

  #startController(c: Controller): void {
    const running = c
      .start({ source: this.#cache, logger: this.logger, syncTimeoutMs: this.#syncTimeoutMs })
      .catch((err: unknown) => {
        // A controller that cannot start is fatal for the manager, as in controller-runtime.
        this.logger.error({ err, controller: c.name }, 'controller failed to start; stopping the manager');
        void this.stop();
      });
    this.#controllersRunning.push(running);
  }

  async #stopControllers(graceMs: number): Promise<void> {
    await Promise.allSettled(this.#controllersRunning.splice(0));
    const results = await Promise.all(this.#controllers.map((c) => c.stop(graceMs)));
    if (results.includes(false))
      this.logger.warn({ graceMs }, 'some reconciles did not finish within the grace period');
  }

  async #lostLeadership(): Promise<void> {
    this.#leading = false;
    // No grace: another replica may already be leading; in-flight reconciles are aborted.
    await this.#stopControllers(0);
    const onLost =
      this.#opts.onLostLeadership ??
      (() => {
        this.logger.fatal('leader election lost; exiting');
        process.exit(1);
      });
    onLost();
  }

  async #shutdown(): Promise<void> {
    this.logger.info('Stopping manager');
    this.#removeSignalHandlers?.();
    const graceMs = this.#opts.gracefulShutdownMs ?? 30_000;
    await this.#stopControllers(graceMs);
    this.#leading = false;
    await this.#elector?.stop();
    await this.#factory.stop();
    await Promise.all([this.#health.stop(), this.#metrics.stop()]);
    if (this.#ownsClient) (this.client as KubeClient & { close?: () => void }).close?.();
    this.logger.info('Manager stopped');
  }

  #installSignalHandlers(): void {
    const onSignal = (signal: NodeJS.Signals): void => {
      this.logger.info({ signal }, 'Received signal; shutting down');
      this.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          this.logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    this.#removeSignalHandlers = () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    };
  }
}
