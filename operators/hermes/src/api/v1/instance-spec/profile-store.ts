// spec.profileStore: Honcho, the user-modelling memory provider.
import { Type } from 'typebox';
import { cel, preserveUnknown, withK8s } from '@agent-operators/runtime/crd';
import { ResourceRequirements, imageRef, obj, oneOf, qty, secretKeyRef } from '../common.ts';

const volume = (description: string, size: string) =>
  obj(description, {
    size: Type.Optional(qty(`Claim size. Defaults to ${size}.`)),
    storageClassName: Type.Optional(
      Type.String({ description: 'StorageClass of the claim.', maxLength: 253 }),
    ),
  });

const backing = (
  what: string,
  envName: string,
  image: { repository: string; tag: string },
  extra: Record<string, ReturnType<typeof volume>>,
) =>
  withK8s(
    obj(`${what} for the self-hosted Honcho. Managed deploys it next to Honcho; external uses yours.`, {
      mode: Type.Optional(
        oneOf(['managed', 'external'], { description: `Who runs ${what}.`, default: 'managed' }),
      ),
      image: Type.Optional(imageRef(`${what} image (managed mode).`, image)),
      resources: Type.Optional(ResourceRequirements),
      ...extra,
      urlSecretRef: Type.Optional(secretKeyRef(`Connection URL of your ${what} (external mode).`, envName)),
    }),
    {
      validations: [
        cel("self.mode != 'external' || has(self.urlSecretRef)", `external ${what} needs urlSecretRef`, {
          fieldPath: '.urlSecretRef',
          reason: 'FieldValueRequired',
        }),
      ],
    },
  );

export const HonchoSelfHosted = obj(
  'A self-hosted Honcho: the API server (port 8000, /health), the deriver worker, PostgreSQL with pgvector and Redis.',
  {
    image: imageRef('Honcho server image (runs both the API and, with its worker command, the deriver).'),
    api: Type.Optional(
      obj('The Honcho API Deployment.', {
        replicas: Type.Optional(
          Type.Integer({ description: 'API replicas.', minimum: 1, maximum: 10, default: 1 }),
        ),
        resources: Type.Optional(ResourceRequirements),
      }),
    ),
    deriver: Type.Optional(
      obj('The deriver worker Deployment (background reasoning over messages).', {
        replicas: Type.Optional(
          Type.Integer({ description: 'Deriver replicas.', minimum: 0, maximum: 10, default: 1 }),
        ),
        resources: Type.Optional(ResourceRequirements),
      }),
    ),
    postgres: Type.Optional(
      backing(
        'PostgreSQL (with the pgvector extension)',
        'DB_CONNECTION_URI',
        { repository: 'docker.io/pgvector/pgvector', tag: 'pg17' },
        {
          persistence: volume('The PostgreSQL data claim (managed mode).', '10Gi'),
        },
      ),
    ),
    redis: Type.Optional(
      backing('Redis', 'REDIS_URL', { repository: 'docker.io/library/redis', tag: '7-alpine' }, {}),
    ),
    llmApiKeySecretRef: Type.Optional(
      secretKeyRef(
        'Secret with the LLM provider key the deriver uses (env name per Honcho docs).',
        'LLM_API_KEY',
      ),
    ),
  },
);

export const ProfileStoreSpec = withK8s(
  obj(
    'Honcho profile store (memory.provider: honcho). Either an external Honcho (hosted or yours) or a ' +
      'self-hosted one the operator deploys. The honcho SDK must be in the image or in runtime.pipPackages.',
    {
      enabled: Type.Optional(Type.Boolean({ description: 'Use Honcho for user profiles.', default: false })),
      external: Type.Optional(
        obj('An existing Honcho.', {
          url: Type.Optional(
            Type.String({
              description: 'Base URL of a self-hosted server (HONCHO_BASE_URL). Unset: the hosted service.',
              maxLength: 512,
            }),
          ),
          apiKeySecretRef: Type.Optional(
            secretKeyRef('API key for the hosted service (HONCHO_API_KEY).', 'HONCHO_API_KEY'),
          ),
        }),
      ),
      selfHosted: Type.Optional(HonchoSelfHosted),
      config: Type.Optional(
        preserveUnknown({
          description: 'Content of $HERMES_HOME/honcho.json (workspace, peer names ...), written as JSON.',
        }),
      ),
    },
  ),
  {
    validations: [
      cel(
        '!self.enabled || has(self.external) != has(self.selfHosted)',
        'profileStore needs exactly one of external or selfHosted',
        {
          reason: 'FieldValueInvalid',
        },
      ),
      cel(
        '!has(self.external) || has(self.external.url) || has(self.external.apiKeySecretRef)',
        'profileStore.external needs url (self-hosted) or apiKeySecretRef (hosted service)',
        { fieldPath: '.external' },
      ),
    ],
  },
);
