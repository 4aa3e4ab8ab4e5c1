// Applies the schema defaults, as the API server does with the CRD's structural defaults, so the
// render CLI and unit tests see the same object a cluster would store.
import { Value } from 'typebox/value';
import { SCHEMAS } from './kinds.ts';
import type { HermesKind } from './kinds.ts';
import type { HermesInstance } from './hermes-instance.ts';
import type { HermesSelfConfig } from './hermes-self-config.ts';
import type { HermesClusterDefaults } from './hermes-cluster-defaults.ts';

interface KindTypes {
  HermesInstance: HermesInstance;
  HermesSelfConfig: HermesSelfConfig;
  HermesClusterDefaults: HermesClusterDefaults;
}

/** Returns a defaulted copy; the input is not changed. Fields HermesClusterDefaults fills stay unset. */
export function applyDefaults<K extends HermesKind>(kind: K, value: unknown): KindTypes[K] {
  return Value.Default(SCHEMAS[kind], structuredClone(value)) as KindTypes[K];
}
