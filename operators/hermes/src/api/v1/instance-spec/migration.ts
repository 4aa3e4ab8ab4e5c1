// spec.migration.fromOpenClaw: one-shot import with hermes-agent's own importer.
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { LocalObjectReference, obj, oneOf } from '../common.ts';

const OpenClawSource = withK8s(
  obj('Where the OpenClaw data comes from: exactly one of openclawInstanceRef or backupRef.', {
    openclawInstanceRef: Type.Optional(
      obj(
        'A sibling OpenClawInstance whose data volume is mounted read-only (its gateway must be stopped first).',
        {
          name: Type.String({ description: 'OpenClawInstance name.', minLength: 1, maxLength: 253 }),
          namespace: Type.Optional(
            Type.String({ description: 'Its namespace. Default: the instance namespace.', maxLength: 63 }),
          ),
        },
      ),
    ),
    backupRef: Type.Optional(
      obj('An OpenClaw backup snapshot in S3.', {
        s3: obj('The snapshot location.', {
          bucket: Type.String({ description: 'Bucket name.', minLength: 3, maxLength: 63 }),
          key: Type.String({
            description: 'Object key of the snapshot, e.g. prod/my-openclaw/2026-05-11.tar.zst.',
            minLength: 1,
            maxLength: 1024,
          }),
          endpoint: Type.Optional(Type.String({ description: 'Endpoint host or URL.', maxLength: 512 })),
          region: Type.Optional(Type.String({ description: 'Region.', maxLength: 64 })),
          credentialsSecretRef: obj(
            'Secret with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.',
            LocalObjectReference.properties,
          ),
        }),
      }),
    ),
  }),
  {
    validations: [
      cel(
        'has(self.openclawInstanceRef) != has(self.backupRef)',
        'set exactly one of source.openclawInstanceRef or source.backupRef',
      ),
    ],
  },
);

export const FromOpenClaw = obj(
  'Import an OpenClaw agent once, before the gateway first starts, by running `hermes claw migrate --source <dir> --yes` ' +
    'in an init container on the instance volume. SOUL.md, memories, skills, config keys (and optionally .env ' +
    'secrets) are imported; cron jobs are archived, not converted; WhatsApp must re-pair. Locked after ' +
    'status.migrationCompleted.',
  {
    source: OpenClawSource,
    mode: Type.Optional(
      oneOf(['copy', 'move'], {
        description: 'copy leaves the source as is; move marks the source terminated after success.',
        default: 'copy',
      }),
    ),
    preset: Type.Optional(
      oneOf(['full', 'user-data'], { description: 'What to import (--preset).', default: 'full' }),
    ),
    migrateSecrets: Type.Optional(
      Type.Boolean({ description: 'Import .env secrets too (--migrate-secrets).', default: false }),
    ),
    skillConflict: Type.Optional(
      oneOf(['skip', 'overwrite', 'rename'], {
        description: 'What to do with a skill that exists on both sides (--skill-conflict).',
        default: 'skip',
      }),
    ),
    overwrite: Type.Optional(
      Type.Boolean({
        description: 'Overwrite existing files on conflict (--overwrite); without it the importer refuses.',
        default: false,
      }),
    ),
  },
);

export const MigrationSpec = obj('One-shot migrations into this instance.', {
  fromOpenClaw: Type.Optional(FromOpenClaw),
});
