// ConfigMap <name>-config: config.yaml rendered from config.raw, operator-managed keys
// (operator.yaml, honcho.json, tailscale-serve.json) and the init scripts.
import { fromInput } from './builder.ts';
import { configData } from './config-render.ts';
import type { BuildInput } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';

export function configConfigMapFrom(input: BuildInput, data = configData(input)): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: objectMeta(input.names.configMap, input.namespace, labels(input.name, 'config'), input.owner),
    data,
  };
}

export const buildConfigConfigMap = fromInput((input) => configConfigMapFrom(input));
