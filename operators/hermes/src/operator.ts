// The hermes operator in one object: the manager (cache, leader election, health, metrics), the
// three controllers and the admission webhook server. `hermes-operator run` and the in-process
// integration tests both build it here.
import { hostname } from 'node:os';
import type { InformerOptions } from '@agent-operators/runtime/cache';
import { createKubeClient } from '@agent-operators/runtime/client';
import type { KubeClient } from '@agent-operators/runtime/client';
import type { Controller } from '@agent-operators/runtime/controller';
import { createEventRecorder } from '@agent-operators/runtime/events';
import type { EventRecorder } from '@agent-operators/runtime/events';
import { createLogger } from '@agent-operators/runtime/logging';
import type { Logger } from '@agent-operators/runtime/logging';
import { createManager } from '@agent-operators/runtime/manager';
import type { Manager, MetricsServerOptions } from '@agent-operators/runtime/manager';
import {
  fileCertificateSource,
  selfManagedCertificateSource,
  WebhookServer,
} from '@agent-operators/runtime/webhook';
import type { CertificateSource } from '@agent-operators/runtime/webhook';
import type { HermesClusterDefaultsResource } from './api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource } from './api/v1/hermes-instance.ts';
import { clusterDefaultsController } from './controllers/clusterdefaults/controller.ts';
import {
  CLUSTER_DEFAULTS_NAME,
  CLUSTERDEFAULTS_KIND,
  DEFAULT_DRIFT_PERIOD_MS,
  DEFAULT_SELFCONFIG_TTL_MS,
  INSTANCE_KIND,
  REPORTING_CONTROLLER,
} from './controllers/constants.ts';
import type { ControllerDeps } from './controllers/deps.ts';
import { ApiAvailability } from './controllers/instance/api-availability.ts';
import { instanceController } from './controllers/instance/controller.ts';
import { selfConfigController } from './controllers/selfconfig/controller.ts';
import { MANAGED_KINDS } from './resources/index.ts';
import { hermesCABundleTargets, registerHermesWebhooks } from './webhooks/index.ts';

export type WebhookCertificates =
  /** A mounted Secret (cert-manager): tls.crt and tls.key in `dir`. */
  | { mode: 'files'; dir: string }
  /** A CA kept in a Secret, a serving certificate issued in memory, the CA injected into the webhook configurations. */
  | {
      mode: 'self-managed';
      secret: { namespace: string; name: string };
      service?: { namespace: string; name: string };
      /** e.g. 127.0.0.1 when the API server calls a URL (local runs). */
      ipAddresses?: string[];
      dnsNames?: string[];
      /** Name prefix of the webhook configurations (default hermes-operator). */
      configurationName?: string;
      /** Inject into the CRDs' conversion webhooks too (when the CRDs use webhook conversion). */
      conversion?: boolean;
    };

export interface HermesOperatorOptions {
  client?: KubeClient;
  kubeconfigPath?: string;
  /** Client-side rate limit (default 20 qps, burst 30, as client-go). */
  qps?: number;
  burst?: number;
  /** Namespaces to watch; empty or absent: all. */
  namespaces?: string[];
  leaderElection?: { enabled: boolean; namespace: string; name?: string; identity?: string };
  /** `host:port`; absent: no health server. */
  healthAddress?: string;
  metrics?: MetricsServerOptions;
  /** Absent: no webhook server (e.g. the webhooks run elsewhere, or tests without admission). */
  webhook?: { port: number; host?: string; certificates: WebhookCertificates };
  logger?: Logger;
  driftPeriodMs?: number;
  selfConfigTtlMs?: number;
  maxConcurrentReconciles?: number;
  operatorNamespace?: string;
  ingressControllerNamespaces?: string[];
  handleSignals?: boolean;
  gracefulShutdownMs?: number;
  syncTimeoutMs?: number;
  cache?: InformerOptions;
  /** Called when the lease is lost (default: exit 1). */
  onLostLeadership?: () => void;
}

export interface HermesOperator {
  readonly manager: Manager;
  readonly client: KubeClient;
  readonly recorder: EventRecorder;
  readonly controllers: { instance: Controller; selfConfig: Controller; clusterDefaults: Controller };
  readonly webhookServer: WebhookServer | undefined;
  /** Child kinds the cluster did not serve at start (their objects are skipped with a condition). */
  readonly missingKinds: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

function certificateSource(
  client: KubeClient,
  certs: WebhookCertificates,
  logger: Logger,
): CertificateSource {
  if (certs.mode === 'files') return fileCertificateSource({ dir: certs.dir, logger });
  return selfManagedCertificateSource({
    client,
    secret: certs.secret,
    ...(certs.service ? { service: certs.service } : {}),
    ...(certs.ipAddresses ? { ipAddresses: certs.ipAddresses } : {}),
    ...(certs.dnsNames ? { dnsNames: certs.dnsNames } : {}),
    inject: hermesCABundleTargets({
      ...(certs.configurationName ? { name: certs.configurationName } : {}),
      conversion: certs.conversion ?? false,
    }),
    logger,
  });
}

export async function createHermesOperator(opts: HermesOperatorOptions = {}): Promise<HermesOperator> {
  const logger = opts.logger ?? createLogger({ name: 'hermes-operator' });
  const ownsClient = !opts.client;
  const client =
    opts.client ??
    (await createKubeClient({
      ...(opts.kubeconfigPath ? { kubeconfigPath: opts.kubeconfigPath } : {}),
      ...(opts.qps !== undefined ? { qps: opts.qps } : {}),
      ...(opts.burst !== undefined ? { burst: opts.burst } : {}),
      userAgent: `hermes-operator (node/${process.versions.node})`,
    }));
  const identity = opts.leaderElection?.identity ?? `${hostname()}_${process.pid}`;
  const manager = await createManager({
    client,
    logger,
    namespaces: opts.namespaces ?? [],
    ...(opts.leaderElection?.enabled
      ? {
          leaderElection: {
            enabled: true,
            leaseName: opts.leaderElection.name ?? 'hermes-operator-leader',
            leaseNamespace: opts.leaderElection.namespace,
            identity,
          },
        }
      : {}),
    ...(opts.healthAddress ? { healthAddress: opts.healthAddress } : {}),
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    ...(opts.handleSignals !== undefined ? { handleSignals: opts.handleSignals } : {}),
    ...(opts.gracefulShutdownMs !== undefined ? { gracefulShutdownMs: opts.gracefulShutdownMs } : {}),
    ...(opts.syncTimeoutMs !== undefined ? { syncTimeoutMs: opts.syncTimeoutMs } : {}),
    ...(opts.cache ? { cache: opts.cache } : {}),
    ...(opts.onLostLeadership ? { onLostLeadership: opts.onLostLeadership } : {}),
  });
  const recorder = createEventRecorder({
    client,
    reportingController: REPORTING_CONTROLLER,
    reportingInstance: identity.slice(0, 128),
    logger: logger.child({ component: 'events' }),
  });
  const deps: ControllerDeps = { client, cache: manager, recorder };
  const driftPeriodMs = opts.driftPeriodMs ?? DEFAULT_DRIFT_PERIOD_MS;

  // Optional APIs (prometheus-operator) are watched only when served; their objects are otherwise
  // skipped and reported on the instance, never a failed start.
  const apis = new ApiAvailability(client, driftPeriodMs);
  client.invalidateDiscovery();
  const watchedKinds: { apiVersion: string; kind: string }[] = [];
  const missingKinds: string[] = [];
  for (const k of MANAGED_KINDS) {
    if (await apis.served(k.apiVersion, k.kind))
      watchedKinds.push({ apiVersion: k.apiVersion, kind: k.kind });
    else missingKinds.push(`${k.apiVersion}/${k.kind}`);
  }
  if (missingKinds.length)
    logger.info({ missingKinds }, 'Optional APIs not served: their objects are skipped');

  const controllers = {
    clusterDefaults: clusterDefaultsController(deps),
    selfConfig: await selfConfigController(deps, {
      ttlMs: opts.selfConfigTtlMs ?? DEFAULT_SELFCONFIG_TTL_MS,
    }),
    instance: await instanceController(deps, {
      driftPeriodMs,
      watchedKinds,
      apis,
      ...(opts.maxConcurrentReconciles ? { maxConcurrentReconciles: opts.maxConcurrentReconciles } : {}),
      ...(opts.operatorNamespace ? { operatorNamespace: opts.operatorNamespace } : {}),
      ...(opts.ingressControllerNamespaces
        ? { ingressControllerNamespaces: opts.ingressControllerNamespaces }
        : {}),
    }),
  };
  manager.add(controllers.clusterDefaults);
  manager.add(controllers.selfConfig);
  manager.add(controllers.instance);

  const webhookServer = opts.webhook
    ? await webhooksFor(opts.webhook, client, manager, logger.child({ component: 'webhook' }))
    : undefined;
  let listening = false;
  if (webhookServer) {
    manager.addReadyCheck('webhook', () => (listening ? undefined : 'webhook server not listening'));
  }

  let stopping: Promise<void> | undefined;
  return {
    manager,
    client,
    recorder,
    controllers,
    webhookServer,
    missingKinds,
    async start() {
      // Admission must answer on every replica, before and regardless of leadership.
      if (webhookServer) {
        await webhookServer.start();
        listening = true;
      }
      await manager.start();
    },
    stop() {
      stopping ??= (async () => {
        await manager.stop();
        await webhookServer?.stop();
        await recorder.flush();
        if (ownsClient) (client as KubeClient & { close?: () => void }).close?.();
      })();
      return stopping;
    },
  };
}

/** The admission webhook server, its handlers reading from the manager's cache once it has synced. */
async function webhooksFor(
  webhook: NonNullable<HermesOperatorOptions['webhook']>,
  client: KubeClient,
  manager: Manager,
  logger: Logger,
): Promise<WebhookServer> {
  const server = new WebhookServer({
    certificates: certificateSource(client, webhook.certificates, logger),
    port: webhook.port,
    ...(webhook.host ? { host: webhook.host } : {}),
    logger,
  });
  const defaults = await manager.getInformer<HermesClusterDefaultsResource>(CLUSTERDEFAULTS_KIND);
  const instances = await manager.getInformer<HermesInstanceResource>(INSTANCE_KIND);
  return registerHermesWebhooks(server, {
    client,
    // Until the cache has synced, "not in the cache" means "unknown": the handler reads it.
    getClusterDefaults: () =>
      defaults.hasSynced() ? (defaults.store.get(CLUSTER_DEFAULTS_NAME) ?? null) : undefined,
    getInstance: (namespace, name) =>
      instances.hasSynced() ? instances.store.get(`${namespace}/${name}`) : undefined,
    logger,
  });
}
