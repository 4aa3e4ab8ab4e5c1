// What a reconcile saw, turned into the verdicts status.ts reads. Pure: the live objects come in
// from the apply outcome and the caches.
import type { KubeObject } from '@agent-operators/runtime/client';
import type { HermesInstanceStatus } from '../../api/v1/hermes-instance.ts';
import type { BuildInput } from '../../resources/index.ts';
import type { Verdict, WorkloadObservation } from '../status.ts';
import { unresolved } from './digest.ts';
import type { ObjectKeyRef } from './references.ts';

type Obj = Record<string, unknown>;
const get = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Obj)[k] : undefined), o);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

const COMPONENT = 'app.kubernetes.io/component';
const MONITORING_KINDS = new Set(['ServiceMonitor', 'PrometheusRule']);

/** Readiness of a StatefulSet or Deployment as its controller reports it. */
export function workloadOf(obj: KubeObject | undefined): WorkloadObservation | undefined {
  if (!obj) return undefined;
  const status = obj['status'];
  const desired = get(obj, 'spec', 'replicas');
  const current = get(status, 'currentRevision');
  const update = get(status, 'updateRevision');
  return {
    observed: num(get(status, 'observedGeneration')) >= num(obj.metadata.generation),
    desiredReplicas: typeof desired === 'number' ? desired : 1,
    readyReplicas: num(get(status, 'readyReplicas')),
    rollingOut: typeof current === 'string' && typeof update === 'string' && current !== update,
  };
}

function ready(w: WorkloadObservation | undefined): boolean {
  return !!w && w.observed && w.readyReplicas >= w.desiredReplicas;
}

export function refsVerdict(
  kind: 'Secret' | 'ConfigMap',
  refs: readonly ObjectKeyRef[],
  lookup: (name: string) => KubeObject | undefined,
): { reason: 'ok' | 'NotFound' | 'KeyNotFound'; message: string } {
  const { missing, missingKeys } = unresolved(refs, lookup);
  if (missing.length > 0) return { reason: 'NotFound', message: `${kind}s not found: ${missing.join(', ')}` };
  if (missingKeys.length > 0)
    return { reason: 'KeyNotFound', message: `${kind} keys not found: ${missingKeys.join(', ')}` };
  return { reason: 'ok', message: '' };
}

export function secretsVerdict(
  refs: readonly ObjectKeyRef[],
  lookup: (name: string) => KubeObject | undefined,
): Verdict<'SecretsReady'> {
  const v = refsVerdict('Secret', refs, lookup);
  if (v.reason === 'NotFound') return { reason: 'SecretNotFound', message: v.message };
  if (v.reason === 'KeyNotFound') return { reason: 'KeyNotFound', message: v.message };
  return {
    reason: 'Found',
    message: refs.length ? 'Every referenced Secret and key exists.' : 'No Secret is referenced.',
  };
}

export function configVerdict(
  refs: readonly ObjectKeyRef[],
  lookup: (name: string) => KubeObject | undefined,
): Verdict<'ConfigReady'> {
  const v = refsVerdict('ConfigMap', refs, lookup);
  if (v.reason === 'NotFound') return { reason: 'ConfigMapNotFound', message: v.message };
  if (v.reason === 'KeyNotFound') return { reason: 'KeyNotFound', message: v.message };
  return { reason: 'Rendered', message: 'config.yaml was rendered into the config ConfigMap.' };
}

/** `claim` is the live data claim (or the existing claim the spec names), undefined when absent. */
export function storageVerdict(input: BuildInput, claim: KubeObject | undefined): Verdict<'StorageReady'> {
  const storage = input.spec.storage;
  if (storage?.enabled === false) return { reason: 'Disabled', message: 'storage.enabled is false.' };
  if (input.perReplicaClaims) {
    return {
      reason: 'PerReplicaClaims',
      message: 'Each agent pod gets its own claim (volumeClaimTemplates).',
    };
  }
  const name = storage?.existingClaim ?? input.names.dataClaim;
  if (!claim) {
    return storage?.existingClaim
      ? { reason: 'ClaimNotFound', message: `PersistentVolumeClaim ${name} does not exist.` }
      : { reason: 'ClaimPending', message: `PersistentVolumeClaim ${name} is being created.` };
  }
  const phase = get(claim, 'status', 'phase');
  if (phase === 'Bound') return { reason: 'Bound', message: `PersistentVolumeClaim ${name} is Bound.` };
  if (phase === 'Lost')
    return { reason: 'ClaimLost', message: `PersistentVolumeClaim ${name} lost its volume.` };
  return {
    reason: 'ClaimPending',
    message: `PersistentVolumeClaim ${name} is ${typeof phase === 'string' ? phase : 'Pending'}.`,
  };
}

export function profileStoreVerdict(
  input: BuildInput,
  desired: readonly KubeObject[],
  liveOf: (o: KubeObject) => KubeObject | undefined,
): Verdict<'ProfileStoreReady'> {
  const ps = input.spec.profileStore;
  if (!ps?.enabled) return { reason: 'NotEnabled', message: 'profileStore.enabled is false.' };
  if (!ps.selfHosted) return { reason: 'External', message: 'An external Honcho is configured.' };
  const workloads = desired.filter(
    (o) =>
      (o.kind === 'Deployment' || o.kind === 'StatefulSet') &&
      (o.metadata.labels?.[COMPONENT] ?? '').startsWith('honcho'),
  );
  const waiting = workloads
    .filter((o) => !ready(workloadOf(liveOf(o))))
    .map((o) => `${o.kind}/${o.metadata.name}`);
  return waiting.length
    ? { reason: 'Progressing', message: `Not Ready yet: ${waiting.join(', ')}.` }
    : { reason: 'Available', message: 'The self-hosted Honcho workloads are Ready.' };
}

export function monitoringVerdict(
  desired: readonly KubeObject[],
  skipped: readonly KubeObject[],
): Verdict<'MonitoringReady'> {
  const missing = skipped.filter((o) => MONITORING_KINDS.has(o.kind));
  if (missing.length > 0) {
    return {
      reason: 'APINotInstalled',
      message: `monitoring.coreos.com is not served; skipped ${missing.map((o) => o.kind).join(', ')}.`,
    };
  }
  const wanted = desired.filter((o) => MONITORING_KINDS.has(o.kind));
  return wanted.length
    ? { reason: 'Applied', message: `${wanted.map((o) => o.kind).join(', ')} applied.` }
    : { reason: 'NotRequested', message: 'No ServiceMonitor or PrometheusRule is enabled.' };
}

/** The agent image and its version (tag or digest) from the desired StatefulSet. */
export function imageOf(sts: KubeObject | undefined): { image?: string; version?: string } {
  const containers = get(sts, 'spec', 'template', 'spec', 'containers');
  if (!Array.isArray(containers)) return {};
  const agent =
    (containers as Obj[]).find((c) => c['name'] === 'hermes') ?? (containers[0] as Obj | undefined);
  const image = typeof agent?.['image'] === 'string' ? agent['image'] : undefined;
  if (!image) return {};
  const at = image.indexOf('@');
  if (at >= 0) return { image, version: image.slice(at + 1) };
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? { image, version: image.slice(colon + 1) } : { image };
}

export function endpointsOf(input: BuildInput): HermesInstanceStatus['endpoints'] {
  const host = `${input.names.service}.${input.namespace}.svc`;
  const net = input.spec.networking;
  const out: NonNullable<HermesInstanceStatus['endpoints']> = { service: host };
  if (net?.apiServer?.enabled ?? true) out.api = `http://${host}:${net?.apiServer?.port ?? 8642}`;
  if (net?.dashboard?.enabled) out.dashboard = `http://${host}:${net.dashboard.port ?? 9119}`;
  if (net?.ingress?.enabled && net.ingress.host) {
    out.ingress = `${net.ingress.tls ? 'https' : 'http'}://${net.ingress.host}`;
  }
  return out;
}

/** Names of the desired children by kind (`StatefulSet: my-hermes`). */
export function managedResourcesOf(desired: readonly KubeObject[]): Record<string, string> {
  const byKind = new Map<string, string[]>();
  for (const o of desired) {
    const list = byKind.get(o.kind) ?? [];
    list.push(o.metadata.name ?? '');
    byKind.set(o.kind, list);
  }
  return Object.fromEntries(
    [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v.sort().join(',')]),
  );
}
