// The last layer of defaults, for fields HermesClusterDefaults may fill. These cannot be CRD
// schema defaults: the API server applies schema defaults before admission, so the defaulting
// webhook would never see the field empty and cluster defaults could never apply.
// Order: instance value > HermesClusterDefaults > these.

export const FALLBACK_DEFAULTS = {
  image: { repository: 'docker.io/nousresearch/hermes-agent', tag: 'stable', pullPolicy: 'IfNotPresent' },
  storage: { size: '10Gi' },
  networking: { networkPolicy: { enabled: true } },
  observability: { serviceMonitor: { enabled: false } },
} as const;
