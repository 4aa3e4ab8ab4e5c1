// spec.autoUpdate: opt-in registry polling with rollback.
import { Type } from 'typebox';
import { duration, obj } from '../common.ts';

export const AutoUpdateSpec = obj(
  'Opt-in updates of the agent image: every pollInterval the operator lists the tags of source.registry, ' +
    'picks the highest in source.channel, takes a pre-update snapshot, rolls out, and watches readiness; a ' +
    'failed version is rolled back and recorded in status.autoUpdate.failedVersions so it is not retried. ' +
    'The version in effect is recorded in status, never written into spec.image.',
  {
    enabled: Type.Optional(Type.Boolean({ description: 'Enable auto-update.', default: false })),
    source: Type.Optional(
      obj('Where new versions come from.', {
        registry: Type.Optional(
          Type.String({
            description: 'Image repository to poll. Default: spec.image.repository.',
            maxLength: 512,
          }),
        ),
        channel: Type.Optional(
          Type.String({
            description:
              'Semver range of acceptable versions, e.g. 1.x or ~0.21. Default: the same major as the current version.',
            maxLength: 128,
          }),
        ),
      }),
    ),
    pollInterval: Type.Optional(duration('How often to poll the registry (at least 5m recommended).', '1h')),
    rollback: Type.Optional(
      obj('Rollback after a bad update.', {
        enabled: Type.Optional(Type.Boolean({ description: 'Roll back automatically.', default: true })),
        probeFailureThreshold: Type.Optional(
          Type.Integer({
            description: 'Readiness probe failures after the rollout that trigger a rollback.',
            minimum: 1,
            maximum: 100,
            default: 3,
          }),
        ),
        healthCheckTimeout: Type.Optional(
          duration('How long the new version must become and stay ready.', '5m'),
        ),
      }),
    ),
    backupBeforeUpdate: Type.Optional(
      Type.Boolean({
        description:
          'Snapshot before each update (needs spec.backup); the snapshot key is recorded in status.',
        default: true,
      }),
    ),
  },
);
