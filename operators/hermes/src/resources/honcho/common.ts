// The self-hosted Honcho stack the operator deploys for spec.profileStore.selfHosted: the API
// (port 8000, /health), the deriver worker, PostgreSQL with pgvector and Redis. Commands follow
// upstream's docker-compose.yml.example (API: docker/entrypoint.sh runs the migrations, then
// `fastapi run`; deriver: `python -m src.deriver`).
import type { BuildInput } from '../input.ts';
import type { EnvFromSource, EnvVar } from '../k8s-types.ts';
import { HONCHO_PORT } from '../pod/layout.ts';

export const HONCHO_DEFAULT_REPOSITORY = 'ghcr.io/plastic-labs/honcho';
export const HONCHO_API_COMMAND: readonly string[] = ['sh', 'docker/entrypoint.sh'];
export const HONCHO_DERIVER_COMMAND: readonly string[] = ['/app/.venv/bin/python', '-m', 'src.deriver'];
export const POSTGRES_PORT = 5432;
export const REDIS_PORT = 6379;
export const POSTGRES_DB = 'honcho';
export const POSTGRES_USER = 'honcho';
/** Keys of the generated credentials Secret. */
export const SECRET_POSTGRES_PASSWORD = 'POSTGRES_PASSWORD';
export const SECRET_DB_URI = 'DB_CONNECTION_URI';

export type SelfHosted = NonNullable<NonNullable<BuildInput['spec']['profileStore']>['selfHosted']>;

/** The self-hosted spec when the operator deploys Honcho, else undefined. */
export function selfHosted(input: BuildInput): SelfHosted | undefined {
  const ps = input.spec.profileStore;
  return ps?.enabled && !ps.external ? ps.selfHosted : undefined;
}

export function postgresManaged(sh: SelfHosted): boolean {
  return (sh.postgres?.mode ?? 'managed') === 'managed';
}

export function redisManaged(sh: SelfHosted): boolean {
  return (sh.redis?.mode ?? 'managed') === 'managed';
}

/** HONCHO_BASE_URL for the agent: the in-cluster API Service, or the external URL. */
export function honchoBaseUrl(input: BuildInput): string | undefined {
  const ps = input.spec.profileStore;
  if (!ps?.enabled) return undefined;
  if (ps.external) return ps.external.url;
  if (!ps.selfHosted) return undefined;
  return `http://${input.names.honchoApi}.${input.namespace}.svc:${HONCHO_PORT}`;
}

/** Environment shared by the API and the deriver: database, cache, auth, LLM keys. */
export function honchoEnv(input: BuildInput, sh: SelfHosted): { env: EnvVar[]; envFrom?: EnvFromSource[] } {
  const env: EnvVar[] = [];
  if (postgresManaged(sh)) {
    env.push({
      name: 'DB_CONNECTION_URI',
      valueFrom: { secretKeyRef: { name: input.names.honchoSecret, key: SECRET_DB_URI } },
    });
  } else if (sh.postgres?.urlSecretRef) {
    const ref = sh.postgres.urlSecretRef;
    env.push({
      name: 'DB_CONNECTION_URI',
      valueFrom: { secretKeyRef: { name: ref.name, key: ref.key ?? 'DB_CONNECTION_URI' } },
    });
  }
  if (redisManaged(sh)) {
    env.push({
      name: 'CACHE_URL',
      value: `redis://${input.names.honchoRedis}:${REDIS_PORT}/0?suppress=true`,
    });
  } else if (sh.redis?.urlSecretRef) {
    const ref = sh.redis.urlSecretRef;
    env.push({
      name: 'CACHE_URL',
      valueFrom: { secretKeyRef: { name: ref.name, key: ref.key ?? 'REDIS_URL' } },
    });
  }
  env.push({ name: 'CACHE_ENABLED', value: 'true' });
  // Reachable only from the agent pod (NetworkPolicy); the agent's client sends no key.
  env.push({ name: 'AUTH_USE_AUTH', value: 'false' });
  const out: { env: EnvVar[]; envFrom?: EnvFromSource[] } = { env };
  // Every key of the LLM Secret becomes a variable (LLM_ANTHROPIC_API_KEY, LLM_OPENAI_API_KEY ...).
  if (sh.llmApiKeySecretRef) out.envFrom = [{ secretRef: { name: sh.llmApiKeySecretRef.name } }];
  return out;
}
