// Admission through the real API server for an operator running on the host: webhook
// configurations calling https://127.0.0.1:<port>, limited to one test namespace (and named per
// test file) so files never route each other's objects to a stopped operator.
import type { HttpKubeClient } from '@agent-operators/runtime/client';
import { hermesWebhookConfigurations } from '../../../src/webhooks/index.ts';

export async function installWebhooks(
  client: HttpKubeClient,
  opts: { name: string; port: number; namespace: string },
): Promise<void> {
  for (const cfg of hermesWebhookConfigurations({
    name: opts.name,
    endpoint: { url: `https://127.0.0.1:${opts.port}` },
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': opts.namespace } },
  })) {
    await client.apply(cfg, { fieldManager: 'hermes-e2e', force: true });
  }
}

export async function removeWebhooks(client: HttpKubeClient, name: string): Promise<void> {
  for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']) {
    const suffix = kind.startsWith('Mutating') ? 'mutating' : 'validating';
    await client
      .delete({ apiVersion: 'admissionregistration.k8s.io/v1', kind, name: `${name}-${suffix}` })
      .catch(() => undefined);
  }
}
