// Where each hermes webhook is served and what the API server calls it. Shared by register.ts (the
// server side) and webhook-configurations.ts (the API server side) so the two cannot drift apart.

export const PATHS = {
  defaultInstance: '/mutate-hermes-agent-v1-hermesinstance',
  validateInstance: '/validate-hermes-agent-v1-hermesinstance',
  validateSelfConfig: '/validate-hermes-agent-v1-hermesselfconfig',
  validateClusterDefaults: '/validate-hermes-agent-v1-hermesclusterdefaults',
  convert: '/convert',
} as const;

/** Webhook names (must be fully qualified); the API server prefixes denials with them. */
export const WEBHOOK_NAMES = {
  defaultInstance: 'mhermesinstance.hermes.agent',
  validateInstance: 'vhermesinstance.hermes.agent',
  validateSelfConfig: 'vhermesselfconfig.hermes.agent',
  validateClusterDefaults: 'vhermesclusterdefaults.hermes.agent',
} as const;

/** The only name a HermesClusterDefaults may have. */
export const CLUSTER_DEFAULTS_NAME = 'cluster';
