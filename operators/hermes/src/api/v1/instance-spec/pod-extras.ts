// spec.initContainers, sidecars, extraVolumes, extraVolumeMounts, envFrom, env: pass-through pod parts.
import { Type } from 'typebox';
import { withK8s } from '@agent-operators/runtime/crd';
import { DNS_LABEL, EnvFromSource, containerList, envList, list, mapList } from '../common.ts';

/** Names the operator's own containers and volumes use; user entries must not collide. */
export const RESERVED_CONTAINERS = [
  'hermes',
  'runtime-init',
  'config-init',
  'workspace-init',
  'restore',
  'migrate',
  'ollama',
  'web-terminal',
  'tailscale',
  'signal-cli',
];

export const InitContainers = containerList(
  'Extra init containers (core/v1 Container), run after the operator init containers.',
  RESERVED_CONTAINERS,
);
export const Sidecars = containerList(
  'Extra containers (core/v1 Container) in the agent pod.',
  RESERVED_CONTAINERS,
);

const Volume = withK8s(
  Type.Object(
    {
      name: Type.String({
        description: 'Volume name (DNS label), unique in the pod.',
        maxLength: 63,
        pattern: DNS_LABEL,
      }),
    },
    { description: 'A core/v1 Volume. Fields other than name are passed to the pod as given.' },
  ),
  { preserveUnknownFields: true },
);
export const ExtraVolumes = mapList(Volume, ['name'], 'Extra pod volumes.', 32);

const VolumeMount = withK8s(
  Type.Object(
    {
      mountPath: Type.String({
        description: 'Path in the agent container.',
        minLength: 1,
        maxLength: 1024,
        pattern: '^/',
      }),
      name: Type.String({ description: 'Name of the volume to mount.', maxLength: 63 }),
    },
    {
      description:
        'A core/v1 VolumeMount on the agent container. Fields other than mountPath and name are passed as given.',
    },
  ),
  { preserveUnknownFields: true },
);
export const ExtraVolumeMounts = mapList(
  VolumeMount,
  ['mountPath'],
  'Extra mounts on the agent container, keyed by mountPath.',
  32,
);

export const EnvFrom = list(
  EnvFromSource,
  'Secrets and ConfigMaps whose keys become environment variables of the agent (API keys for ${VAR} in config.yaml).',
  32,
);
export const Env = envList(
  'Environment variables of the agent container. They win over operator-generated ones.',
);
