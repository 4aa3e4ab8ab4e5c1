// spec.image: which hermes-agent image runs.
import { Type } from 'typebox';
import { ImagePullPolicy, LocalObjectReference, mapList, obj } from '../common.ts';

export const ImageSpec = obj(
  'The hermes-agent container image. Unset fields come from HermesClusterDefaults, then from the ' +
    'upstream image docker.io/nousresearch/hermes-agent:stable. The image in effect can differ from ' +
    'the tag here while auto-update manages it (see status.autoUpdate.currentVersion).',
  {
    repository: Type.Optional(
      Type.String({
        description: 'Image repository without tag, e.g. docker.io/nousresearch/hermes-agent.',
        minLength: 1,
        maxLength: 512,
        pattern: '^[a-z0-9]([a-z0-9._:/-]*[a-z0-9])?$',
      }),
    ),
    tag: Type.Optional(
      Type.String({
        description:
          'Image tag, e.g. 0.21.3. Runtime defaults such as the Python version follow the agent version.',
        maxLength: 128,
        pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*$',
      }),
    ),
    digest: Type.Optional(
      Type.String({
        description: 'Image digest (sha256:<64 hex>). When set it pins the image and wins over tag.',
        pattern: '^sha256:[a-f0-9]{64}$',
      }),
    ),
    pullPolicy: Type.Optional(ImagePullPolicy),
    pullSecrets: Type.Optional(
      mapList(
        LocalObjectReference,
        ['name'],
        'Secrets (kubernetes.io/dockerconfigjson) used to pull the images of this instance. ' +
          'HermesClusterDefaults spec.registry.pullSecretName is added when unset.',
        16,
      ),
    ),
  },
);
