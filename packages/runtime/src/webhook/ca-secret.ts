// The self-managed webhook CA, kept in a Secret so every replica serves certificates the same
// caBundle trusts. Creation races between replicas converge: the loser reads the winner's CA.
import type { KubeClient, KubeObject, ObjectRef } from '../client/types.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../client/errors.ts';
import type { CertificatePair } from '../tls/index.ts';
import { createCertificateAuthority, expiresWithin } from '../tls/index.ts';

export interface CASecretOptions {
  namespace: string;
  name: string;
  /** Default `<namespace>/<name> webhook CA`. */
  commonName?: string;
  /** Default 3650 days. */
  validityDays?: number;
  /** Replace the CA when it expires within this. Default 90 days. */
  renewBeforeMs?: number;
  labels?: Record<string, string>;
  fieldManager?: string;
}

export interface WebhookCA {
  /** The CA that signs serving certificates now. */
  ca: CertificatePair;
  /** PEM certificates clients should trust: the current CA, plus the previous one while it is valid. */
  caBundle: string;
}

interface SecretObject extends KubeObject {
  type?: string;
  data?: Record<string, string>;
}

const MAX_ATTEMPTS = 5;
const DAY_MS = 86_400_000;

/** Reads the CA from the Secret, creating it if absent and replacing it when it is about to expire. */
export async function ensureCASecret(client: KubeClient, opts: CASecretOptions): Promise<WebhookCA> {
  const ref: ObjectRef = { apiVersion: 'v1', kind: 'Secret', namespace: opts.namespace, name: opts.name };
  const renewBeforeMs = opts.renewBeforeMs ?? 90 * DAY_MS;
  const writeOpts = opts.fieldManager ? { fieldManager: opts.fieldManager } : {};
  const newCA = (): Promise<CertificatePair> =>
    createCertificateAuthority({
      commonName: opts.commonName ?? `${opts.namespace}/${opts.name} webhook CA`,
      validityDays: opts.validityDays ?? 3650,
    });

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let secret: SecretObject;
    try {
      secret = await client.get<SecretObject>(ref);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      const ca = await newCA();
      try {
        const created = await client.create<SecretObject>(
          {
            apiVersion: 'v1',
            kind: 'Secret',
            metadata: {
              name: opts.name,
              namespace: opts.namespace,
              ...(opts.labels ? { labels: opts.labels } : {}),
            },
            type: 'kubernetes.io/tls',
            data: secretData(ca, ca.certPem),
          },
          writeOpts,
        );
        return parseSecret(created, ref);
      } catch (createErr) {
        if (isAlreadyExists(createErr)) continue; // another replica won: use its CA
        throw createErr;
      }
    }

    const current = parseSecret(secret, ref);
    if (!expiresWithin(current.ca.certPem, renewBeforeMs)) return current;

    // Rotate; keep trusting the old CA while it is valid so other replicas' certificates still work.
    const ca = await newCA();
    const bundle = pemBundle(
      expiresWithin(current.ca.certPem, 0) ? [ca.certPem] : [ca.certPem, current.ca.certPem],
    );
    try {
      const patched = await client.patch<SecretObject>(
        ref,
        'merge',
        // resourceVersion makes the patch conditional: a concurrent rotation yields 409, not two CAs.
        { metadata: { resourceVersion: secret.metadata.resourceVersion }, data: secretData(ca, bundle) },
        writeOpts,
      );
      return parseSecret(patched, ref);
    } catch (err) {
      if (isConflict(err)) continue;
      throw err;
    }
  }
  throw new Error(
    `could not settle the webhook CA Secret ${ref.namespace}/${ref.name} in ${MAX_ATTEMPTS} attempts`,
  );
}

// One block per line: Go's PEM decoder rejects `-----END CERTIFICATE----------BEGIN ...`.
function pemBundle(pems: string[]): string {
  return pems.map((p) => `${p.trim()}\n`).join('');
}

// kubernetes.io/tls layout, so a cert-manager CA Issuer could use the same Secret.
function secretData(ca: CertificatePair, bundle: string): Record<string, string> {
  const b64 = (s: string): string => Buffer.from(s).toString('base64');
  return { 'tls.crt': b64(ca.certPem), 'tls.key': b64(ca.keyPem), 'ca.crt': b64(bundle) };
}

function parseSecret(secret: SecretObject, ref: ObjectRef): WebhookCA {
  const field = (key: string): string => {
    const value = secret.data?.[key];
    if (!value) {
      throw new Error(
        `the webhook CA Secret ${ref.namespace}/${ref.name} has no "${key}"; delete it to regenerate`,
      );
    }
    return Buffer.from(value, 'base64').toString('utf8');
  };
  const certPem = field('tls.crt');
  const keyPem = field('tls.key');
  return { ca: { certPem, keyPem }, caBundle: secret.data?.['ca.crt'] ? field('ca.crt') : certPem };
}
