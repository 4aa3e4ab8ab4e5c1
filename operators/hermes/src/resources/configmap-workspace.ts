// ConfigMap <name>-workspace: the files of spec.workspace (keys file-<n>, since ConfigMap keys
// cannot hold paths) and manifest.json mapping them to paths, modes and the seeding policy.
// Undefined when the workspace seeds nothing.
import { fromInput } from './builder.ts';
import { workspaceData } from './config-render.ts';
import type { BuildInput } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';

export function workspaceConfigMapFrom(
  input: BuildInput,
  data = workspaceData(input),
): KubeObject | undefined {
  if (!data) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: objectMeta(
      input.names.workspaceConfigMap,
      input.namespace,
      labels(input.name, 'workspace'),
      input.owner,
    ),
    data,
  };
}

export const buildWorkspaceConfigMap = fromInput((input) => workspaceConfigMapFrom(input));
