// The condition catalogue: every condition type and reason the controllers write, with what it
// means. The controllers take their strings from here and docs/conditions.md is generated from it,
// so the documented catalogue and the code cannot drift (spec 11.4: stable across v1.x).

export interface ReasonEntry {
  /** The condition status this reason goes with. */
  status: 'True' | 'False' | 'Unknown';
  description: string;
}

export interface ConditionEntry {
  description: string;
  reasons: Record<string, ReasonEntry>;
}

const t = (description: string): ReasonEntry => ({ status: 'True', description });
const f = (description: string): ReasonEntry => ({ status: 'False', description });

export const INSTANCE_CONDITIONS = {
  Ready: {
    description: 'The instance is serving: the agent pod is Ready and no subsystem is failing.',
    reasons: {
      Running: t('Every desired agent pod is Ready (StatefulSet readyReplicas).'),
      Provisioning: f('Children were applied; the agent pod is not Ready yet.'),
      Pending: f(
        'Waiting for a prerequisite (a referenced ConfigMap or existing claim) before provisioning.',
      ),
      Degraded: f('The agent pod lost readiness, or a subsystem condition is False.'),
      Suspended: f('spec.suspended is true: the StatefulSet runs no pod.'),
      Failed: f('The last reconcile failed in a way retrying cannot fix (see ResourcesReady).'),
    },
  },
  ResourcesReady: {
    description: 'Every child object the builders produce exists and matches its desired state.',
    reasons: {
      Applied: t('Every child was created or is up to date.'),
      BuildFailed: f('The desired objects could not be computed from the spec (message names the field).'),
      ApplyFailed: f('The API server rejected a child (message names it); retried with backoff.'),
      Invalid: f('The API server rejected a child as invalid; not retried until the spec changes.'),
    },
  },
  ConfigReady: {
    description: 'The agent configuration was rendered, and a ConfigMap given by config.configMapRef exists.',
    reasons: {
      Rendered: t('config.yaml was rendered into the config ConfigMap.'),
      ConfigMapNotFound: f('A ConfigMap the spec references does not exist.'),
      KeyNotFound: f('A referenced ConfigMap lacks the key the spec names.'),
    },
  },
  SecretsReady: {
    description: 'Every Secret the spec references exists and has the keys it names.',
    reasons: {
      Found: t('Every referenced Secret and key exists (or none is referenced).'),
      SecretNotFound: f('A referenced Secret does not exist (message lists them).'),
      KeyNotFound: f('A referenced Secret lacks a key the spec names (message lists them).'),
    },
  },
  StorageReady: {
    description: 'The data volume ($HERMES_HOME) is bound.',
    reasons: {
      Bound: t('The PersistentVolumeClaim is Bound.'),
      Disabled: t('storage.enabled is false: the agent uses an emptyDir.'),
      PerReplicaClaims: t('Claims come from the StatefulSet volumeClaimTemplates (HPA); each pod gets one.'),
      ClaimPending: f('The claim is not Bound yet (waiting for the provisioner).'),
      ClaimLost: f('The claim lost its volume.'),
      ClaimNotFound: f('storage.existingClaim names a claim that does not exist.'),
    },
  },
  GatewayReady: {
    description: 'The agent pod (and with it the messaging gateways) is Ready.',
    reasons: {
      PodReady: t('The StatefulSet reports every desired replica Ready.'),
      PodNotReady: f('Fewer Ready replicas than desired.'),
      Suspended: f('spec.suspended is true: no pod runs.'),
    },
  },
  ProfileStoreReady: {
    description: 'The Honcho profile store is usable (or not enabled).',
    reasons: {
      NotEnabled: t('profileStore.enabled is false.'),
      External: t('An external Honcho is configured; the operator does not probe it.'),
      Available: t('The self-hosted Honcho workloads are Ready.'),
      Progressing: f('The self-hosted Honcho workloads are not Ready yet.'),
    },
  },
  MonitoringReady: {
    description: 'The ServiceMonitor and PrometheusRule the spec asks for exist.',
    reasons: {
      NotRequested: t('Neither a ServiceMonitor nor a PrometheusRule is enabled.'),
      Applied: t('The requested monitoring objects exist.'),
      APINotInstalled: f(
        'The prometheus-operator CRDs (monitoring.coreos.com) are not installed: the objects were skipped. ' +
          'Everything else is reconciled; install the CRDs and the next reconcile creates them.',
      ),
    },
  },
} as const satisfies Record<string, ConditionEntry>;

export const SELFCONFIG_CONDITIONS = {
  Pending: {
    description: 'The request waits to be checked or applied.',
    reasons: {
      InstanceNotFound: t('The HermesInstance named in spec.instanceRef does not exist (yet).'),
      Processing: t('The request is being checked.'),
      Done: f('The request was processed (see Applied and Denied).'),
    },
  },
  Applied: {
    description:
      'The allowed changes were applied by server-side apply (field manager hermes.agent/selfconfig).',
    reasons: {
      Applied: t('Every requested change was applied (skippedFields lists those another manager owns).'),
      NotApplied: f('Nothing was applied (see Denied or the phase).'),
      ApplyFailed: f('The API server rejected the change (message says why); the phase is Failed.'),
      ActionUnsupported: f('The request asks for a change the HermesInstance API cannot carry yet.'),
    },
  },
  Denied: {
    description: "The request breaks the instance's spec.selfConfigure policy.",
    reasons: {
      Allowed: f('The request passed the policy.'),
      SelfConfigureDisabled: t('spec.selfConfigure.enabled is false on the instance.'),
      ActionNotAllowed: t('An action of the request is not in spec.selfConfigure.allowedActions.'),
      ProtectedKey: t('The request touches a path in spec.selfConfigure.protectedKeys (or a built-in one).'),
      SkillSourceNotAllowed: t('A skill source matches no prefix of spec.selfConfigure.allowedSkillSources.'),
      ProfileStoreDisabled: t('A profile snapshot was requested but profileStore is not enabled.'),
      ConfigFromConfigMap: t('patchConfig needs config.raw; the instance reads its config from a ConfigMap.'),
      TooLarge: t('A value is larger than the instance field that would hold it.'),
    },
  },
} as const satisfies Record<string, ConditionEntry>;

export const CLUSTERDEFAULTS_CONDITIONS = {
  Ready: {
    description: 'The defaults were accepted and are applied to instances that leave fields unset.',
    reasons: {
      Accepted: t('The spec is valid; instances are reconciled with these defaults.'),
      InvalidSpec: f(
        'The spec fails validation (message names the fields); instances fall back to built-in defaults.',
      ),
      NotSingleton: f('Only the object named cluster is used; this one is ignored.'),
    },
  },
} as const satisfies Record<string, ConditionEntry>;

type Catalogue = Record<string, ConditionEntry>;
export type ReasonOf<C extends Catalogue, T extends keyof C> = keyof C[T]['reasons'] & string;

export type InstanceConditionType = keyof typeof INSTANCE_CONDITIONS;
export type InstanceReason<T extends InstanceConditionType> = ReasonOf<typeof INSTANCE_CONDITIONS, T>;
export type SelfConfigConditionType = keyof typeof SELFCONFIG_CONDITIONS;
export type SelfConfigReason<T extends SelfConfigConditionType> = ReasonOf<typeof SELFCONFIG_CONDITIONS, T>;

/** The status a catalogued reason goes with (so callers never pair a reason with the wrong status). */
export function statusOf<C extends Catalogue, T extends keyof C & string>(
  catalogue: C,
  type: T,
  reason: ReasonOf<C, T>,
): 'True' | 'False' | 'Unknown' {
  const entry = (catalogue[type] as ConditionEntry).reasons[reason];
  if (!entry) throw new Error(`condition ${type}: reason ${reason} is not in the catalogue`);
  return entry.status;
}

export const CATALOGUES: ReadonlyArray<{ kind: string; conditions: Catalogue }> = [
  { kind: 'HermesInstance', conditions: INSTANCE_CONDITIONS },
  { kind: 'HermesSelfConfig', conditions: SELFCONFIG_CONDITIONS },
  { kind: 'HermesClusterDefaults', conditions: CLUSTERDEFAULTS_CONDITIONS },
];
