// Secret <name>-honcho-credentials: the managed PostgreSQL password and the connection URI built
// from it. Generated once (the password comes from the context) and never overwritten.
import { base64 } from '../base64.ts';
import { fromInput } from '../builder.ts';
import type { BuildInput } from '../input.ts';
import type { KubeObject } from '../k8s-types.ts';
import { createOnlyAnnotations, labels, objectMeta } from '../meta.ts';
import {
  POSTGRES_DB,
  POSTGRES_PORT,
  POSTGRES_USER,
  SECRET_DB_URI,
  SECRET_POSTGRES_PASSWORD,
  postgresManaged,
  selfHosted,
} from './common.ts';

export function honchoSecretFrom(input: BuildInput): KubeObject | undefined {
  const sh = selfHosted(input);
  if (!sh || !postgresManaged(sh)) return undefined;
  const password = input.context.honchoPostgresPassword;
  if (!password) {
    throw new Error('context.honchoPostgresPassword is required to build the Honcho credentials Secret');
  }
  const host = `${input.names.honchoPostgres}.${input.namespace}.svc`;
  const uri = `postgresql+psycopg://${POSTGRES_USER}:${encodeURIComponent(password)}@${host}:${POSTGRES_PORT}/${POSTGRES_DB}`;
  // Keyed stores, not computed keys in a literal (README, Performance).
  const data: Record<string, string> = {};
  data[SECRET_DB_URI] = base64(uri);
  data[SECRET_POSTGRES_PASSWORD] = base64(password);
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(
      input.names.honchoSecret,
      input.namespace,
      labels(input.name, 'honcho'),
      input.owner,
      createOnlyAnnotations(),
    ),
    type: 'Opaque',
    data,
  };
}

export const buildHonchoSecret = fromInput(honchoSecretFrom);
