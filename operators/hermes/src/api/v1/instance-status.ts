// HermesInstance status: what the operator observed. Written only through /status.
import { Type } from 'typebox';
import { ObservedGeneration, conditions, obj, oneOf, stringMap } from './common.ts';

export const InstancePhase = oneOf(
  [
    'Pending',
    'Provisioning',
    'Running',
    'Degraded',
    'Failed',
    'Suspended',
    'BackingUp',
    'Restoring',
    'Updating',
    'Terminating',
  ],
  { description: 'Coarse lifecycle phase. Conditions carry the details (docs/conditions.md).' },
);

const time = (description: string) => Type.Optional(Type.String({ description, format: 'date-time' }));
const flag = (description: string) => Type.Optional(Type.Boolean({ description }));

export const AutoUpdateStatus = obj('Auto-update progress.', {
  phase: Type.Optional(
    oneOf(['Idle', 'Checking', 'BackingUp', 'ApplyingUpdate', 'HealthCheck', 'RollingBack'], {
      description: 'Where the current update cycle is.',
    }),
  ),
  currentVersion: Type.Optional(
    Type.String({
      description: 'The agent version in effect (input of the StatefulSet builder).',
      maxLength: 128,
    }),
  ),
  availableVersion: Type.Optional(
    Type.String({
      description: 'The highest version in the channel found by the last poll.',
      maxLength: 128,
    }),
  ),
  targetVersion: Type.Optional(Type.String({ description: 'The version being rolled out.', maxLength: 128 })),
  failedVersions: Type.Optional(
    Type.Array(Type.String({ maxLength: 128 }), {
      description: 'Versions that failed their health check and are not retried.',
      maxItems: 64,
      'x-kubernetes-list-type': 'set',
    }),
  ),
  rollbackCount: Type.Optional(Type.Integer({ description: 'Rollbacks performed so far.', minimum: 0 })),
  lastCheckTime: time('When the registry was last polled.'),
  lastUpdateTime: time('When the last update was rolled out.'),
  preUpdateSnapshot: Type.Optional(
    Type.String({ description: 'Snapshot key taken before the last update.', maxLength: 1024 }),
  ),
  message: Type.Optional(Type.String({ description: 'Details of the last step.', maxLength: 4096 })),
});

export const BackupStatus = obj('Backup progress.', {
  lastBackupTime: time('When the last successful snapshot finished.'),
  lastSnapshot: Type.Optional(
    Type.String({ description: 'Key of the last successful snapshot.', maxLength: 1024 }),
  ),
  lastFailureTime: time('When the last backup failed.'),
  lastFailureMessage: Type.Optional(
    Type.String({ description: 'Why the last backup failed.', maxLength: 4096 }),
  ),
  activeJob: Type.Optional(Type.String({ description: 'Name of the running backup Job.', maxLength: 253 })),
});

export const Endpoints = obj('Where the instance can be reached.', {
  service: Type.Optional(Type.String({ description: 'In-cluster DNS name of the Service.', maxLength: 512 })),
  api: Type.Optional(
    Type.String({ description: 'URL of the OpenAI-compatible API server.', maxLength: 512 }),
  ),
  dashboard: Type.Optional(Type.String({ description: 'URL of the dashboard.', maxLength: 512 })),
  ingress: Type.Optional(Type.String({ description: 'Public URL through the Ingress.', maxLength: 512 })),
  tailscale: Type.Optional(Type.String({ description: 'Tailnet URL.', maxLength: 512 })),
});

export const InstanceStatus = obj('Observed state of the instance.', {
  phase: Type.Optional(InstancePhase),
  conditions: Type.Optional(
    conditions('Standard conditions: Ready, ConfigValid, StorageReady, SecretsReady, GatewayReady ...'),
  ),
  observedGeneration: Type.Optional(ObservedGeneration),
  storageReady: flag('The data volume is bound.'),
  configReady: flag('The config was rendered and validated.'),
  secretsReady: flag('Every referenced Secret exists with its keys.'),
  gatewayReady: flag('The agent pod is ready with its gateways.'),
  profileStoreReady: flag('Honcho is reachable (or not enabled).'),
  readyReplicas: Type.Optional(Type.Integer({ description: 'Ready agent pods.', minimum: 0 })),
  version: Type.Optional(
    Type.String({ description: 'The hermes-agent version running (image tag or digest).', maxLength: 256 }),
  ),
  image: Type.Optional(Type.String({ description: 'The full image reference in effect.', maxLength: 1024 })),
  endpoints: Type.Optional(Endpoints),
  managedResources: Type.Optional(
    stringMap('Names of the objects the operator manages for this instance, by kind.'),
  ),
  restoredFrom: Type.Optional(
    Type.String({
      description: 'The snapshot restored into this instance; locks spec.restoreFrom.',
      maxLength: 1024,
    }),
  ),
  migrationCompleted: flag('The OpenClaw migration finished; locks spec.migration.fromOpenClaw.'),
  autoUpdate: Type.Optional(AutoUpdateStatus),
  backup: Type.Optional(BackupStatus),
});
