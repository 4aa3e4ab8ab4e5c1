// The kinds of hermes.agent/v1 and their schemas, for code that works on any of them.
import type { TSchema } from 'typebox';
import { HermesInstanceSchema } from './hermes-instance.ts';
import { HermesSelfConfigSchema } from './hermes-self-config.ts';
import { HermesClusterDefaultsSchema } from './hermes-cluster-defaults.ts';

export const SCHEMAS = {
  HermesInstance: HermesInstanceSchema,
  HermesSelfConfig: HermesSelfConfigSchema,
  HermesClusterDefaults: HermesClusterDefaultsSchema,
} satisfies Record<string, TSchema>;

export type HermesKind = keyof typeof SCHEMAS;

export function isHermesKind(kind: unknown): kind is HermesKind {
  return typeof kind === 'string' && Object.hasOwn(SCHEMAS, kind);
}
