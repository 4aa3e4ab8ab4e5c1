// Names and periods every controller shares.
import type { KindRef } from '@agent-operators/runtime/client';

/** Field manager of the instance controller's creates/updates and status writes. */
export const OPERATOR_FIELD_MANAGER = 'hermes-operator';
/** Field manager of HermesSelfConfig server-side applies (spec 7.2 rule 2). */
export const SELFCONFIG_FIELD_MANAGER = 'hermes.agent/selfconfig';
/** events.k8s.io reportingController. */
export const REPORTING_CONTROLLER = 'hermes.agent/operator';

export const MANAGED_BY_SELECTOR = 'app.kubernetes.io/managed-by=hermes-operator';

/** Drift check: a converged instance is reconciled again after this long (spec 7.2 rule 9). */
export const DEFAULT_DRIFT_PERIOD_MS = 5 * 60_000;
/** Finished HermesSelfConfig requests are deleted this long after they finished. */
export const DEFAULT_SELFCONFIG_TTL_MS = 24 * 3_600_000;

export const CLUSTER_DEFAULTS_NAME = 'cluster';

export const HERMES_API_VERSION = 'hermes.agent/v1';
export const INSTANCE_KIND: KindRef = { apiVersion: HERMES_API_VERSION, kind: 'HermesInstance' };
export const SELFCONFIG_KIND: KindRef = { apiVersion: HERMES_API_VERSION, kind: 'HermesSelfConfig' };
export const CLUSTERDEFAULTS_KIND: KindRef = {
  apiVersion: HERMES_API_VERSION,
  kind: 'HermesClusterDefaults',
};

export const CONTROLLER_NAMES = {
  instance: 'hermesinstance',
  selfConfig: 'hermesselfconfig',
  clusterDefaults: 'hermesclusterdefaults',
} as const;
