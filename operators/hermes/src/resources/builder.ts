// Turns a builder over the prepared BuildInput into the public signature
// (instance, clusterDefaults, context) -> object. buildAll prepares the input once instead.
import type { HermesClusterDefaults } from '../api/v1/hermes-cluster-defaults.ts';
import type { BuildContext } from './context.ts';
import { buildInput } from './input.ts';
import type { BuildInput, InstanceObject } from './input.ts';

export type Builder<T> = (
  instance: InstanceObject,
  clusterDefaults?: HermesClusterDefaults,
  context?: BuildContext,
) => T;

export function fromInput<T>(fn: (input: BuildInput) => T): Builder<T> {
  return (instance, clusterDefaults, context) => fn(buildInput(instance, clusterDefaults, context));
}
