// Secret <name>-api-key: API_SERVER_KEY generated once (the value comes from the context; the
// controller creates the Secret once and never overwrites it, hence hermes.agent/create-only).
// Undefined when the API server is off or networking.apiServer.keySecretRef names the user's own.
import { base64 } from './base64.ts';
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { KubeObject } from './k8s-types.ts';
import { createOnlyAnnotations, labels, objectMeta } from './meta.ts';

export const API_KEY_SECRET_KEY = 'API_SERVER_KEY';

export function usesGeneratedApiKey(input: BuildInput): boolean {
  const api = input.spec.networking?.apiServer;
  return (api?.enabled ?? true) && !api?.keySecretRef;
}

export function apiKeySecretFrom(input: BuildInput): KubeObject | undefined {
  if (!usesGeneratedApiKey(input)) return undefined;
  const key = input.context.apiKey;
  if (!key)
    throw new Error('context.apiKey is required to build the API key Secret (see generateCreationSecrets)');
  // Keyed stores, not computed keys in a literal (README, Performance).
  const data: Record<string, string> = {};
  data[API_KEY_SECRET_KEY] = base64(key);
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(
      input.names.apiKeySecret,
      input.namespace,
      labels(input.name, 'api-key'),
      input.owner,
      createOnlyAnnotations(),
    ),
    type: 'Opaque',
    data,
  };
}

export const buildApiKeySecret = fromInput(apiKeySecretFrom);
