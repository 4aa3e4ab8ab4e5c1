// Certificates without cert-manager: a CA shared through a Secret, a serving certificate issued
// in memory by each replica, and the CA injected as caBundle wherever the API server needs it.
// A periodic check follows CA rotation, renews the serving certificate and re-injects bundles that
// something (e.g. a GitOps sync) reset, writing nothing when all is in place.
import type { KubeClient } from '../client/types.ts';
import type { CertificatePair } from '../tls/index.ts';
import { expiresWithin, issueServingCertificate, serviceDnsNames } from '../tls/index.ts';
import type { CABundleTargets, InjectionReport } from './ca-bundle-injection.ts';
import { injectCABundle } from './ca-bundle-injection.ts';
import type { WebhookCA } from './ca-secret.ts';
import { ensureCASecret } from './ca-secret.ts';
import type { CertificateSource, ServingCertificate } from './certificate-source.ts';
import type { WebhookLogger } from './logger.ts';
import { defaultLogger } from './logger.ts';

export interface SelfManagedCertificateOptions {
  client: KubeClient;
  /** Where the CA lives (created if absent). */
  secret: { namespace: string; name: string };
  /** The Service in front of the webhook server; its DNS names go into the serving certificate. */
  service?: { namespace: string; name: string; clusterDomain?: string };
  /** Further DNS names for the serving certificate. */
  dnsNames?: string[];
  /** IP addresses for the serving certificate, e.g. `127.0.0.1` when the API server calls a URL. */
  ipAddresses?: string[];
  /** Objects that get the CA bundle. */
  inject?: CABundleTargets;
  /** Default `webhook-certificates`. */
  fieldManager?: string;
  /** Default 365 days; renewed when a third of that remains. */
  servingValidityDays?: number;
  /** Default 5 minutes. */
  checkIntervalMs?: number;
  logger?: WebhookLogger;
}

export interface SelfManagedCertificateSource extends CertificateSource {
  /** The PEM bundle injected as caBundle (after start). */
  readonly caBundle: string | undefined;
  /** Runs the periodic check now: reread the CA, renew if due, re-inject. */
  sync(): Promise<InjectionReport>;
}

const DAY_MS = 86_400_000;

export function selfManagedCertificateSource(
  opts: SelfManagedCertificateOptions,
): SelfManagedCertificateSource {
  const logger = opts.logger ?? defaultLogger();
  const fieldManager = opts.fieldManager ?? 'webhook-certificates';
  const validityDays = opts.servingValidityDays ?? 365;
  const dnsNames = [
    ...(opts.service
      ? serviceDnsNames(opts.service.name, opts.service.namespace, opts.service.clusterDomain)
      : []),
    ...(opts.dnsNames ?? []),
  ];
  const ipAddresses = opts.ipAddresses ?? [];
  if (dnsNames.length === 0 && ipAddresses.length === 0) {
    throw new Error('selfManagedCertificateSource needs a service, dnsNames or ipAddresses');
  }

  let ca: WebhookCA | undefined;
  let serving: CertificatePair | undefined;
  let onChange: ((cert: ServingCertificate) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();

  const issue = (authority: CertificatePair): Promise<CertificatePair> =>
    issueServingCertificate(authority, { dnsNames, ipAddresses, validityDays });

  const sync = async (): Promise<InjectionReport> => {
    const next = await ensureCASecret(opts.client, { ...opts.secret, fieldManager });
    const renewDue = !serving || expiresWithin(serving.certPem, (validityDays * DAY_MS) / 3);
    if (next.ca.certPem !== ca?.ca.certPem || renewDue) {
      serving = await issue(next.ca);
      if (ca) logger.info({ secret: opts.secret }, 'serving certificate re-issued');
      onChange?.({ cert: serving.certPem, key: serving.keyPem });
    }
    ca = next;
    const report = await injectCABundle(opts.client, opts.inject ?? {}, next.caBundle, {
      fieldManager,
      signal: stopping.signal,
    });
    if (report.patched.length > 0) logger.info({ patched: report.patched }, 'caBundle injected');
    if (report.missing.length > 0)
      logger.warn({ missing: report.missing }, 'caBundle targets not found (yet)');
    if (report.skipped.length > 0) {
      logger.warn({ skipped: report.skipped }, 'CRDs without webhook conversion: caBundle not injected');
    }
    return report;
  };

  // One sync at a time: the timer and an explicit sync() must not issue two certificates at once.
  const serialSync = (): Promise<InjectionReport> => {
    const run = syncing.then(sync, sync);
    syncing = run.catch(() => {});
    return run;
  };

  return {
    get caBundle() {
      return ca?.caBundle;
    },
    sync: serialSync,
    async start(listener) {
      await serialSync();
      onChange = listener;
      if (!serving) throw new Error('no serving certificate was issued');
      timer = setInterval(() => {
        serialSync().catch((err: unknown) => logger.warn({ err }, 'webhook certificate check failed'));
      }, opts.checkIntervalMs ?? 300_000);
      timer.unref();
      return { cert: serving.certPem, key: serving.keyPem };
    },
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await syncing;
    },
  };
}
