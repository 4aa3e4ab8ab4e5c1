// The managed PostgreSQL (pgvector) of the self-hosted Honcho: a one-replica StatefulSet on the
// claim <name>-honcho-postgres (created once, never updated), its Service, and a ConfigMap with
// the init script that enables the vector and pg_trgm extensions on first start.
import { fromInput } from '../builder.ts';
import { companionImage } from '../image.ts';
import type { BuildInput } from '../input.ts';
import type { KubeObject } from '../k8s-types.ts';
import { labels, objectMeta, selectorLabels } from '../meta.ts';
import { container } from '../pod/defaults.ts';
import { DEFAULT_MODE } from '../pod/defaults.ts';
import { claimSpec } from '../pvc.ts';
import { resourceRequirements } from '../quantity.ts';
import { serviceSpec } from '../service-spec.ts';
import { companionPodSpec, statefulSetSpec } from '../workload.ts';
import {
  POSTGRES_DB,
  POSTGRES_PORT,
  POSTGRES_USER,
  SECRET_POSTGRES_PASSWORD,
  postgresManaged,
  selfHosted,
} from './common.ts';

export const POSTGRES_UID = 999;
export const INIT_SQL = 'CREATE EXTENSION IF NOT EXISTS vector;\nCREATE EXTENSION IF NOT EXISTS pg_trgm;\n';

function managed(input: BuildInput) {
  const sh = selfHosted(input);
  return sh && postgresManaged(sh) ? sh : undefined;
}

export function honchoPostgresInitFrom(input: BuildInput): KubeObject | undefined {
  if (!managed(input)) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: objectMeta(
      input.names.honchoPostgresInit,
      input.namespace,
      labels(input.name, 'honcho-postgres'),
      input.owner,
    ),
    data: { 'init.sql': INIT_SQL },
  };
}

export function honchoPostgresClaimFrom(input: BuildInput): KubeObject | undefined {
  const sh = managed(input);
  if (!sh) return undefined;
  // The schema's generic backing() loses the extra field in its static type.
  const p = (
    sh.postgres as { persistence?: { size?: string | number; storageClassName?: string } } | undefined
  )?.persistence;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: objectMeta(
      input.names.honchoPostgres,
      input.namespace,
      labels(input.name, 'honcho-postgres'),
      input.owner,
    ),
    spec: claimSpec(['ReadWriteOnce'], p?.size ?? '10Gi', p?.storageClassName),
  };
}

export function honchoPostgresServiceFrom(input: BuildInput): KubeObject | undefined {
  if (!managed(input)) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(
      input.names.honchoPostgres,
      input.namespace,
      labels(input.name, 'honcho-postgres'),
      input.owner,
    ),
    spec: serviceSpec(selectorLabels(input.name, 'honcho-postgres'), [
      { name: 'postgres', port: POSTGRES_PORT, targetPort: 'postgres' },
    ]),
  };
}

export function honchoPostgresFrom(input: BuildInput): KubeObject | undefined {
  const sh = managed(input);
  if (!sh) return undefined;
  const { image, pullPolicy } = companionImage(sh.postgres?.image, {
    repository: 'docker.io/pgvector/pgvector',
    tag: 'pg17',
  });
  const ready = ['pg_isready', '-U', POSTGRES_USER, '-d', POSTGRES_DB];
  const pg = container({
    name: 'postgres',
    image,
    imagePullPolicy: pullPolicy,
    env: [
      { name: 'POSTGRES_DB', value: POSTGRES_DB },
      { name: 'POSTGRES_USER', value: POSTGRES_USER },
      {
        name: 'POSTGRES_PASSWORD',
        valueFrom: { secretKeyRef: { name: input.names.honchoSecret, key: SECRET_POSTGRES_PASSWORD } },
      },
      { name: 'PGDATA', value: '/var/lib/postgresql/data/pgdata' },
    ],
    ports: [{ name: 'postgres', containerPort: POSTGRES_PORT, protocol: 'TCP' }],
    resources: resourceRequirements(sh.postgres?.resources),
    readinessProbe: {
      exec: { command: ready },
      timeoutSeconds: 5,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    },
    livenessProbe: {
      exec: { command: ready },
      timeoutSeconds: 5,
      periodSeconds: 30,
      successThreshold: 1,
      failureThreshold: 5,
    },
    securityContext: {
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      privileged: false,
      readOnlyRootFilesystem: true,
      runAsGroup: POSTGRES_UID,
      runAsNonRoot: true,
      runAsUser: POSTGRES_UID,
    },
    volumeMounts: [
      { name: 'data', mountPath: '/var/lib/postgresql/data' },
      { name: 'init', mountPath: '/docker-entrypoint-initdb.d', readOnly: true },
      { name: 'run', mountPath: '/var/run/postgresql' },
      { name: 'tmp', mountPath: '/tmp' },
    ],
  });
  const pod = companionPodSpec(input, {
    containers: [pg],
    securityContext: { fsGroup: POSTGRES_UID, seccompProfile: { type: 'RuntimeDefault' } },
    terminationGracePeriodSeconds: 60,
    volumes: [
      { name: 'data', persistentVolumeClaim: { claimName: input.names.honchoPostgres } },
      { name: 'init', configMap: { name: input.names.honchoPostgresInit, defaultMode: DEFAULT_MODE } },
      { name: 'run', emptyDir: {} },
      { name: 'tmp', emptyDir: {} },
    ],
  });
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: objectMeta(
      input.names.honchoPostgres,
      input.namespace,
      labels(input.name, 'honcho-postgres'),
      input.owner,
    ),
    spec: statefulSetSpec(
      1,
      input.names.honchoPostgres,
      selectorLabels(input.name, 'honcho-postgres'),
      labels(input.name, 'honcho-postgres'),
      pod,
    ),
  };
}

export const buildHonchoPostgres = fromInput(honchoPostgresFrom);
export const buildHonchoPostgresService = fromInput(honchoPostgresServiceFrom);
export const buildHonchoPostgresClaim = fromInput(honchoPostgresClaimFrom);
export const buildHonchoPostgresInit = fromInput(honchoPostgresInitFrom);
