// spec.ollama, spec.webTerminal, spec.tailscale: optional companion sidecars.
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { ResourceRequirements, imageRef, obj, oneOf, qty, secretKeyRef, stringSet } from '../common.ts';

export const OllamaSpec = obj(
  'A local LLM server (Ollama, port 11434) as a sidecar; the agent reaches it on localhost.',
  {
    enabled: Type.Optional(Type.Boolean({ description: 'Run Ollama.', default: false })),
    image: Type.Optional(imageRef('Ollama image.', { repository: 'docker.io/ollama/ollama' })),
    models: Type.Optional(stringSet('Models pulled at start, e.g. llama3.2:3b.', 16, { maxLength: 128 })),
    resources: Type.Optional(ResourceRequirements),
    gpu: Type.Optional(
      obj('GPUs for the sidecar.', {
        count: Type.Integer({ description: 'GPUs to request.', minimum: 1, maximum: 16 }),
        resourceName: Type.Optional(
          Type.String({ description: 'Extended resource name.', default: 'nvidia.com/gpu', maxLength: 253 }),
        ),
      }),
    ),
    storage: Type.Optional(
      obj('A claim for the model cache.', {
        size: Type.Optional(qty('Claim size. Defaults to 20Gi.')),
        storageClassName: Type.Optional(
          Type.String({ description: 'StorageClass of the claim.', maxLength: 253 }),
        ),
      }),
    ),
  },
);

export const WebTerminalSpec = withK8s(
  obj('A browser terminal (ttyd) sidecar attached to the agent pod, for operators debugging an instance.', {
    enabled: Type.Optional(Type.Boolean({ description: 'Run the terminal.', default: false })),
    image: Type.Optional(imageRef('ttyd image.', { repository: 'docker.io/tsl0922/ttyd' })),
    port: Type.Optional(
      Type.Integer({
        description: 'Terminal port (Service only; never on the Ingress).',
        minimum: 1,
        maximum: 65535,
        default: 7681,
      }),
    ),
    readOnly: Type.Optional(Type.Boolean({ description: 'Show output only; no input.', default: false })),
    credentialsSecretRef: Type.Optional(
      obj('Secret with basic-auth credentials (keys username and password).', {
        name: Type.String({ description: 'Secret name.', minLength: 1, maxLength: 253 }),
      }),
    ),
    resources: Type.Optional(ResourceRequirements),
  }),
  {
    validations: [
      cel(
        '!self.enabled || has(self.credentialsSecretRef)',
        'webTerminal.enabled needs webTerminal.credentialsSecretRef',
        {
          fieldPath: '.credentialsSecretRef',
          reason: 'FieldValueRequired',
        },
      ),
    ],
  },
);

export const TailscaleSpec = withK8s(
  obj(
    'Expose the API server on a tailnet with Tailscale Serve (tailnet only) or Funnel (public), as a sidecar.',
    {
      enabled: Type.Optional(Type.Boolean({ description: 'Run Tailscale.', default: false })),
      mode: Type.Optional(
        oneOf(['serve', 'funnel'], {
          description: 'serve: tailnet only; funnel: public internet.',
          default: 'serve',
        }),
      ),
      authKeySecretRef: Type.Optional(secretKeyRef('Tailscale auth key (TS_AUTHKEY).', 'TS_AUTHKEY')),
      hostname: Type.Optional(
        Type.String({
          description: 'Tailnet host name. Default: the instance name.',
          maxLength: 63,
          pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
        }),
      ),
      tags: Type.Optional(
        stringSet('ACL tags advertised, e.g. tag:hermes.', 16, { pattern: '^tag:[a-z0-9-]+$' }),
      ),
      image: Type.Optional(imageRef('Tailscale image.', { repository: 'docker.io/tailscale/tailscale' })),
    },
  ),
  {
    validations: [
      cel(
        '!self.enabled || has(self.authKeySecretRef)',
        'tailscale.enabled needs tailscale.authKeySecretRef',
        {
          fieldPath: '.authKeySecretRef',
          reason: 'FieldValueRequired',
        },
      ),
    ],
  },
);
