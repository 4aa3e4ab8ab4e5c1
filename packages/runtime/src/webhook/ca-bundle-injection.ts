// Puts the CA bundle into webhook configurations and CRD conversion settings, writing only what
// differs, so a steady state makes no writes.
import type { KubeClient, KubeObject, ObjectRef } from '../client/types.ts';
import { isNotFound } from '../client/errors.ts';
import type { JsonPatchOperation } from './json-patch.ts';

export interface CABundleTargets {
  /** Names of MutatingWebhookConfigurations; every webhook in them gets the bundle. */
  mutatingWebhookConfigurations?: string[];
  /** Names of ValidatingWebhookConfigurations; every webhook in them gets the bundle. */
  validatingWebhookConfigurations?: string[];
  /** Names of CRDs whose `spec.conversion.webhook.clientConfig` gets the bundle. */
  customResourceDefinitions?: string[];
}

export interface InjectionReport {
  /** `Kind/name` of objects written. */
  patched: string[];
  /** Already carrying the bundle. */
  unchanged: string[];
  /** Not found (yet): retried on the next call. */
  missing: string[];
  /** CRDs without a webhook conversion strategy. */
  skipped: string[];
}

interface WebhookConfiguration extends KubeObject {
  webhooks?: { name: string; clientConfig?: { caBundle?: string } }[];
}

interface CRD extends KubeObject {
  spec?: { conversion?: { strategy?: string; webhook?: { clientConfig?: { caBundle?: string } } } };
}

export async function injectCABundle(
  client: KubeClient,
  targets: CABundleTargets,
  caBundlePem: string,
  opts: { fieldManager?: string; signal?: AbortSignal } = {},
): Promise<InjectionReport> {
  const caBundle = Buffer.from(caBundlePem).toString('base64');
  const report: InjectionReport = { patched: [], unchanged: [], missing: [], skipped: [] };
  const writeOpts = {
    ...(opts.fieldManager ? { fieldManager: opts.fieldManager } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const jobs: { ref: ObjectRef; ops: (obj: KubeObject) => JsonPatchOperation[] | 'skip' }[] = [];
  for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'] as const) {
    const names =
      kind === 'MutatingWebhookConfiguration'
        ? targets.mutatingWebhookConfigurations
        : targets.validatingWebhookConfigurations;
    for (const name of names ?? []) {
      jobs.push({
        ref: { apiVersion: 'admissionregistration.k8s.io/v1', kind, name },
        ops: (obj) => webhookOps(obj, caBundle),
      });
    }
  }
  for (const name of targets.customResourceDefinitions ?? []) {
    jobs.push({
      ref: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name },
      ops: (obj) => crdOps(obj, caBundle),
    });
  }

  await Promise.all(
    jobs.map(async ({ ref, ops }) => {
      const id = `${ref.kind}/${ref.name}`;
      try {
        const obj = await client.get(ref, opts.signal ? { signal: opts.signal } : {});
        const patch = ops(obj);
        if (patch === 'skip') report.skipped.push(id);
        else if (patch.length === 0) report.unchanged.push(id);
        else {
          await client.patch(ref, 'json', patch, writeOpts);
          report.patched.push(id);
        }
      } catch (err) {
        if (isNotFound(err)) report.missing.push(id);
        else throw err;
      }
    }),
  );
  return report;
}

// Each write is guarded by a `test` of the webhook's name, so a concurrent reordering of the list
// fails the patch instead of putting a bundle on the wrong webhook.
function webhookOps(obj: WebhookConfiguration, caBundle: string): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  (obj.webhooks ?? []).forEach((hook, i) => {
    if (hook.clientConfig?.caBundle === caBundle) return;
    ops.push({ op: 'test', path: `/webhooks/${i}/name`, value: hook.name });
    if (hook.clientConfig)
      ops.push({ op: 'add', path: `/webhooks/${i}/clientConfig/caBundle`, value: caBundle });
    else ops.push({ op: 'add', path: `/webhooks/${i}/clientConfig`, value: { caBundle } });
  });
  return ops;
}

function crdOps(obj: CRD, caBundle: string): JsonPatchOperation[] | 'skip' {
  const conversion = obj.spec?.conversion;
  if (conversion?.strategy !== 'Webhook' || !conversion.webhook?.clientConfig) return 'skip';
  if (conversion.webhook.clientConfig.caBundle === caBundle) return [];
  return [
    { op: 'test', path: '/spec/conversion/strategy', value: 'Webhook' },
    { op: 'add', path: '/spec/conversion/webhook/clientConfig/caBundle', value: caBundle },
  ];
}
