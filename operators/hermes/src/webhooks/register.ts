// Mounts every hermes-operator webhook on a runtime WebhookServer.
//
//   import { WebhookServer, selfManagedCertificateSource } from '@agent-operators/runtime/webhook';
//   import { registerHermesWebhooks } from '../webhooks/register.ts';
//
//   const server = new WebhookServer({ certificates, port: 9443 });
//   registerHermesWebhooks(server, {
//     client,                                          // a KubeClient (reads Secrets, ConfigMaps,
//                                                      // HermesInstances, HermesClusterDefaults)
//     getClusterDefaults: () => cache.get('cluster'),  // object | null (known absent) | undefined (unknown: GET)
//     getInstance: (ns, name) => cache.get(ns, name),  // optional; undefined means "GET it"
//     logger,
//   });
//   await server.start();
//
// Paths (see paths.ts; webhook-configurations.ts registers the same ones with the API server):
//   POST /mutate-hermes-agent-v1-hermesinstance           defaulting (HermesClusterDefaults, fallbacks, schema)
//   POST /validate-hermes-agent-v1-hermesinstance         instance validation (denials + warnings)
//   POST /validate-hermes-agent-v1-hermesselfconfig       selfConfigure policy
//   POST /validate-hermes-agent-v1-hermesclusterdefaults  the singleton's name
//   POST /convert                                         CRD conversion (v1 hub)
//
// Handlers are group-agnostic: lookups use the group/version of the request, so a copy of the
// CRDs under another group (tests) is served by the same code. Webhook servers run on every
// replica (no leader election needed): handlers only read.
import type { KubeClient } from '@agent-operators/runtime/client';
import type { WebhookLogger, WebhookServer } from '@agent-operators/runtime/webhook';
import type { HermesClusterDefaultsResource } from '../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource } from '../api/v1/hermes-instance.ts';
import type { HermesSelfConfigResource } from '../api/v1/hermes-self-config.ts';
import { clusterDefaultsReader } from './cluster-defaults-reader.ts';
import type { ClusterDefaultsGetter } from './cluster-defaults-reader.ts';
import { hermesClusterDefaultsValidator } from './cluster-defaults-validator.ts';
import { hermesConverter } from './conversion.ts';
import type { ConversionSpokes } from './conversion.ts';
import { hermesInstanceDefaulter } from './instance-defaulter.ts';
import { hermesInstanceValidator } from './instance-validator.ts';
import { PATHS } from './paths.ts';
import { hermesSelfConfigValidator } from './self-config-validator.ts';
import type { InstanceGetter } from './self-config-validator.ts';

export interface HermesWebhookOptions {
  client: KubeClient;
  /**
   * The HermesClusterDefaults singleton from the caller's cache: the object, `null` when the
   * synced cache holds none, `undefined` when unknown (each admission then GETs it).
   */
  getClusterDefaults?: ClusterDefaultsGetter;
  /** A HermesInstance from the caller's cache; undefined makes the SelfConfig check GET it. */
  getInstance?: InstanceGetter;
  /** For the handlers' own logs (SelfConfig denials); default the server's logger. */
  logger?: WebhookLogger;
  /** Conversion spokes besides the v1 hub. None in production today; tests add one. */
  conversionSpokes?: ConversionSpokes;
}

export function registerHermesWebhooks(server: WebhookServer, opts: HermesWebhookOptions): WebhookServer {
  const readClusterDefaults = clusterDefaultsReader(opts.client, opts.getClusterDefaults);
  return server
    .addMutating<HermesInstanceResource>(PATHS.defaultInstance, hermesInstanceDefaulter(readClusterDefaults))
    .addValidating<HermesInstanceResource>(
      PATHS.validateInstance,
      hermesInstanceValidator(opts.client, readClusterDefaults),
    )
    .addValidating<HermesSelfConfigResource>(
      PATHS.validateSelfConfig,
      hermesSelfConfigValidator(opts.client, {
        ...(opts.getInstance ? { getInstance: opts.getInstance } : {}),
        ...(opts.logger ? { logger: opts.logger } : {}),
      }),
    )
    .addValidating<HermesClusterDefaultsResource>(
      PATHS.validateClusterDefaults,
      hermesClusterDefaultsValidator(),
    )
    .addConversion(PATHS.convert, hermesConverter(opts.conversionSpokes));
}
