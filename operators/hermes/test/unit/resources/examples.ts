// The examples as the API server stores them (schema defaults applied), for the golden files and
// the whole-set properties.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { applyDefaults } from '../../../src/api/v1/defaults.ts';
import type { HermesClusterDefaults } from '../../../src/api/v1/hermes-cluster-defaults.ts';
import type { InstanceObject } from '../../../src/resources/index.ts';
import { NAMESPACE, UID } from './fixtures.ts';

export const EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'examples');

function readExample(file: string): Record<string, unknown> {
  return parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Record<string, unknown>;
}

/** An example as stored by the API server (or raw): namespace and uid set. */
export function example(file: 'minimal.yaml' | 'maximal.yaml', raw = false): InstanceObject {
  const doc = readExample(file);
  const obj = (raw
    ? structuredClone(doc)
    : applyDefaults('HermesInstance', doc)) as unknown as InstanceObject;
  obj.metadata = { ...obj.metadata, namespace: NAMESPACE, uid: UID };
  return obj;
}

export function clusterDefaults(): HermesClusterDefaults {
  return applyDefaults('HermesClusterDefaults', readExample('cluster-defaults.yaml'));
}
