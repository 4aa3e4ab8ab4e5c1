// Leader election on a coordination.k8s.io/v1 Lease, as client-go's leaderelection package.
//
// Acquire when the Lease is absent, released (no holder), or its holder has not renewed it within
// its leaseDurationSeconds as observed locally: the clock that matters is ours, measured from the
// moment we last saw the record change, so clock skew between nodes cannot steal a lease.
// A leader renews every retryPeriod; when no renewal succeeded for renewDeadline it stops leading.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Gauge } from 'prom-client';
import { isAlreadyExists, isConflict, isNotFound } from '../client/errors.ts';
import type { KubeClient, KubeObject } from '../client/types.ts';
import type { Logger } from '../logging/index.ts';
import { metricsRegistry } from '../metrics/index.ts';
import { realClock } from '../queue/index.ts';
import type { Clock } from '../queue/index.ts';

export interface LeaderElectionOptions {
  enabled: boolean;
  leaseName: string;
  leaseNamespace: string;
  /** Unique per process; default `<hostname>_<uuid>`. */
  identity?: string;
  /** How long a lease is valid after its last renewal. Default 15000. */
  leaseDurationMs?: number;
  /** How long the leader keeps trying to renew before it gives up. Default 10000. */
  renewDeadlineMs?: number;
  /** Time between attempts to acquire or renew. Default 2000. */
  retryPeriodMs?: number;
  /** Give the lease up on stop so a standby takes over at once. Default true. */
  releaseOnStop?: boolean;
}

export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  /** client-go's LeaderElectionRecord calls it leaderTransitions; the Lease field is leaseTransitions. */
  leaseTransitions?: number;
}

export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}

export const LEASE_API_VERSION = 'coordination.k8s.io/v1';

const masterStatus = new Gauge({
  name: 'leader_election_master_status',
  help: 'Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master.',
  labelNames: ['name'] as const,
  registers: [metricsRegistry],
});

/** metav1.MicroTime: RFC 3339 with exactly six fractional digits. */
export function microTime(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export interface LeaderCallbacks {
  onStartedLeading(): void;
  /** Called once when a leader loses its lease (not on a voluntary stop). */
  onStoppedLeading(): void;
  onNewLeader?(identity: string): void;
}

export class LeaderElector {
  readonly identity: string;
  readonly #client: KubeClient;
  readonly #name: string;
  readonly #namespace: string;
  readonly #leaseMs: number;
  readonly #renewDeadlineMs: number;
  readonly #retryMs: number;
  readonly #release: boolean;
  readonly #log: Logger;
  readonly #clock: Clock;
  readonly #callbacks: LeaderCallbacks;
  readonly #stop = new AbortController();
  #leader = false;
  #observedRV: string | undefined;
  #observedAt = 0;
  #observedHolder: string | undefined;
  #loop: Promise<void> | undefined;

  constructor(
    client: KubeClient,
    opts: LeaderElectionOptions,
    deps: { logger: Logger; callbacks: LeaderCallbacks; clock?: Clock },
  ) {
    this.identity = opts.identity ?? `${hostname()}_${randomUUID()}`;
    this.#client = client;
    this.#name = opts.leaseName;
    this.#namespace = opts.leaseNamespace;
    this.#leaseMs = opts.leaseDurationMs ?? 15_000;
    this.#renewDeadlineMs = opts.renewDeadlineMs ?? 10_000;
    this.#retryMs = opts.retryPeriodMs ?? 2_000;
    this.#release = opts.releaseOnStop ?? true;
    if (!(
      this.#leaseMs > this.#renewDeadlineMs &&
      this.#renewDeadlineMs > this.#retryMs &&
      this.#retryMs > 0
    )) {
      throw new Error('leader election: need leaseDuration > renewDeadline > retryPeriod > 0');
    }
    this.#log = deps.logger.child({ lease: `${this.#namespace}/${this.#name}`, identity: this.identity });
    this.#callbacks = deps.callbacks;
    this.#clock = deps.clock ?? realClock;
    masterStatus.set({ name: this.#name }, 0);
  }

  isLeader(): boolean {
    return this.#leader;
  }

  /** Starts campaigning in the background. */
  run(): void {
    this.#loop ??= this.#run().catch((err: unknown) => {
      this.#log.error({ err }, 'leader election loop failed');
    });
  }

  /** Stops campaigning or renewing; a leader releases its lease (unless configured not to). */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#loop;
    if (this.#leader) {
      this.#setLeader(false);
      if (this.#release) await this.#releaseLease();
    }
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    this.#log.info('attempting to acquire leader lease');
    while (!signal.aborted) {
      if (await this.#tryAcquireOrRenew(this.#clock.now() + this.#renewDeadlineMs)) break;
      await this.#sleep(this.#retryMs * (1 + Math.random() * 0.2));
    }
    if (signal.aborted) return;
    this.#setLeader(true);
    this.#log.info('successfully acquired lease');
    this.#callbacks.onStartedLeading();

    let lastRenew = this.#clock.now();
    while (!signal.aborted) {
      await this.#sleep(this.#retryMs);
      if (signal.aborted) return;
      // Requests may only use what is left of the deadline, so a hung API call cannot keep us
      // leading past the point where a standby may take over.
      if (await this.#tryAcquireOrRenew(lastRenew + this.#renewDeadlineMs)) {
        lastRenew = this.#clock.now();
        continue;
      }
      if (this.#clock.now() - lastRenew >= this.#renewDeadlineMs) {
        this.#setLeader(false);
        this.#log.error({ renewDeadlineMs: this.#renewDeadlineMs }, 'failed to renew lease: leadership lost');
        this.#callbacks.onStoppedLeading();
        return;
      }
    }
  }

  #setLeader(leader: boolean): void {
    this.#leader = leader;
    masterStatus.set({ name: this.#name }, leader ? 1 : 0);
  }

  #ref() {
    return { apiVersion: LEASE_API_VERSION, kind: 'Lease', namespace: this.#namespace, name: this.#name };
  }

  /** One attempt, finished by `deadline` (clock time); true when we hold the lease afterwards. Never throws. */
  async #tryAcquireOrRenew(deadline: number): Promise<boolean> {
    const remaining = (): { timeoutMs: number } => ({
      timeoutMs: Math.max(1, Math.round(deadline - this.#clock.now())),
    });
    if (deadline <= this.#clock.now()) return false;
    const now = new Date();
    const leaseDurationSeconds = Math.ceil(this.#leaseMs / 1000);
    let lease: Lease;
    try {
      lease = await this.#client.get<Lease>(this.#ref(), remaining());
    } catch (err) {
      if (!isNotFound(err)) {
        this.#log.warn({ err }, 'error retrieving lease');
        return false;
      }
      try {
        const created = await this.#client.create<Lease>(
          {
            ...this.#ref(),
            metadata: { name: this.#name, namespace: this.#namespace },
            spec: {
              holderIdentity: this.identity,
              leaseDurationSeconds,
              acquireTime: microTime(now),
              renewTime: microTime(now),
              leaseTransitions: 0,
            },
          },
          remaining(),
        );
        this.#observe(created);
        return true;
      } catch (createErr) {
        if (!isAlreadyExists(createErr)) this.#log.warn({ err: createErr }, 'error creating lease');
        return false;
      }
    }

    this.#observe(lease);
    const spec = lease.spec ?? {};
    const holder = spec.holderIdentity ?? '';
    const validMs = (spec.leaseDurationSeconds ?? leaseDurationSeconds) * 1000;
    if (holder && holder !== this.identity && this.#observedAt + validMs > this.#clock.now()) {
      return false; // held by another candidate and not expired as far as we have seen
    }
    const takeover = holder !== this.identity;
    const next: Lease = {
      ...lease,
      spec: {
        ...spec,
        holderIdentity: this.identity,
        leaseDurationSeconds,
        renewTime: microTime(now),
        acquireTime: takeover ? microTime(now) : (spec.acquireTime ?? microTime(now)),
        leaseTransitions: (spec.leaseTransitions ?? 0) + (takeover ? 1 : 0),
      },
    };
    try {
      // reconcile-guard:allow lease renewal is a full-object CAS by design
      const updated = await this.#client.update<Lease>(next, remaining());
      this.#observe(updated);
      if (takeover) this.#log.info({ previousHolder: holder || undefined }, 'took over lease');
      return true;
    } catch (err) {
      if (!isConflict(err)) this.#log.warn({ err }, 'error updating lease');
      return false;
    }
  }

  /** Records when we saw the lease record change; expiry is judged from that local time. */
  #observe(lease: Lease): void {
    const rv = lease.metadata.resourceVersion;
    if (rv === this.#observedRV) return;
    this.#observedRV = rv;
    this.#observedAt = this.#clock.now();
    const holder = lease.spec?.holderIdentity ?? '';
    if (holder !== this.#observedHolder) {
      this.#observedHolder = holder;
      if (holder) {
        this.#log.info({ leader: holder }, 'new leader observed');
        this.#callbacks.onNewLeader?.(holder);
      }
    }
  }

  async #releaseLease(): Promise<void> {
    try {
      const lease = await this.#client.get<Lease>(this.#ref(), { timeoutMs: this.#renewDeadlineMs });
      if (lease.spec?.holderIdentity !== this.identity) return;
      const now = microTime(new Date());
      const { holderIdentity: _released, ...rest } = lease.spec;
      // reconcile-guard:allow lease renewal is a full-object CAS by design
      await this.#client.update<Lease>(
        { ...lease, spec: { ...rest, leaseDurationSeconds: 1, renewTime: now, acquireTime: now } },
        { timeoutMs: this.#renewDeadlineMs },
      );
      this.#log.info('released lease');
    } catch (err) {
      this.#log.warn({ err }, 'failed to release lease; a standby takes over once it expires');
    }
  }

  #sleep(ms: number): Promise<void> {
    const signal = this.#stop.signal;
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = this.#clock.setTimer(done, ms);
      function done(): void {
        timer.cancel();
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
