// Validating webhook for HermesClusterDefaults (CREATE, UPDATE): the singleton is named
// "cluster" (the defaulter reads only that name; any other object would silently do nothing),
// and its storage size must be one a volume can have.
import { allow, deny } from '@agent-operators/runtime/webhook';
import type { ValidatingHandler } from '@agent-operators/runtime/webhook';
import type { HermesClusterDefaultsResource } from '../api/v1/hermes-cluster-defaults.ts';
import { DENY } from './messages.ts';
import { CLUSTER_DEFAULTS_NAME } from './paths.ts';
import { isValidStorageSize } from './storage-size.ts';

export function hermesClusterDefaultsValidator(): ValidatingHandler<HermesClusterDefaultsResource> {
  return (request) => {
    const obj = request.object;
    if (!obj) return allow();
    const denials: string[] = [];
    // With generateName the name may not be set yet: it would never be "cluster" anyway.
    const name = obj.metadata.name ?? request.name;
    if (name !== CLUSTER_DEFAULTS_NAME)
      denials.push(DENY.clusterDefaultsName(name || obj.metadata.generateName));
    const size = obj.spec?.storage?.size;
    if (size !== undefined && !isValidStorageSize(size)) {
      denials.push(DENY.storageSize('spec.storage.size', size));
    }
    return denials.length > 0 ? deny(denials.join('; '), { code: 422 }) : allow();
  };
}
