// spec.backup and spec.restoreFrom: S3-compatible snapshots of the data volume.
import { Type } from 'typebox';
import { cel } from '@agent-operators/runtime/crd';
import { LocalObjectReference, cron, imageRef, obj } from '../common.ts';

export const S3Location = obj('An S3-compatible bucket (AWS S3, R2, MinIO ...).', {
  bucket: Type.String({ description: 'Bucket name.', minLength: 3, maxLength: 63 }),
  endpoint: Type.Optional(
    Type.String({
      description: 'Endpoint host or URL, e.g. s3.amazonaws.com or https://minio.storage:9000.',
      maxLength: 512,
    }),
  ),
  region: Type.Optional(Type.String({ description: 'Region, e.g. us-east-1.', maxLength: 64 })),
  pathPrefix: Type.Optional(
    Type.String({
      description: 'Key prefix for snapshots, e.g. prod/. Snapshots go under <prefix><instance>/.',
      maxLength: 512,
    }),
  ),
  forcePathStyle: Type.Optional(
    Type.Boolean({
      description: 'Use path-style addressing (most self-hosted S3 servers need it).',
      default: false,
    }),
  ),
  credentialsSecretRef: obj(
    'Secret with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and optionally AWS_SESSION_TOKEN).',
    LocalObjectReference.properties,
  ),
});

export const BackupSpec = obj(
  'Snapshots of the data volume (tar.zst of the volume root plus meta.json) taken by one-shot Jobs on the ' +
    'node that holds the volume. Symlinks are stored, never followed.',
  {
    s3: S3Location,
    schedule: Type.Optional(
      cron('When to take scheduled snapshots, e.g. "0 3 * * *". Unset: no scheduled snapshots.'),
    ),
    onDelete: Type.Optional(
      Type.Boolean({
        description:
          'Take a final snapshot before the instance is deleted (finalizer hermes.agent/backup-on-delete).',
        default: true,
      }),
    ),
    preUpdate: Type.Optional(
      Type.Boolean({ description: 'Take a snapshot before an auto-update rollout.', default: true }),
    ),
    historyLimit: Type.Optional(
      Type.Integer({
        description: 'Successful snapshots to keep (older ones are pruned).',
        minimum: 1,
        maximum: 1000,
        default: 30,
      }),
    ),
    failedHistoryLimit: Type.Optional(
      Type.Integer({
        description: 'Failed backup Jobs to keep for inspection.',
        minimum: 0,
        maximum: 100,
        default: 3,
      }),
    ),
    image: Type.Optional(imageRef("Image of the backup Job. Default: the operator's bundled backup image.")),
  },
);

export const RestoreFrom = Type.String({
  description:
    'Snapshot key to restore into a new instance, e.g. prod/my-hermes/2026-05-10T03-00.tar.zst, read from ' +
    'spec.backup.s3. Restored once by an init container onto the fresh volume; locked after status.restoredFrom is set.',
  minLength: 1,
  maxLength: 1024,
});

/** Rules on spec that tie restoreFrom to its source. */
export const restoreRules = [
  cel(
    '!has(self.restoreFrom) || has(self.backup)',
    'restoreFrom needs spec.backup.s3 to read the snapshot from',
    {
      fieldPath: '.restoreFrom',
      reason: 'FieldValueRequired',
    },
  ),
];
