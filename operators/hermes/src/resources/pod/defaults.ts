// Server-side defaults for pod parts the user passes through (extra init containers, sidecars,
// volumes, probe handlers, env): filled in here so the object the builder makes is the object
// the API server stores, and a steady-state reconcile writes nothing. Values the user set win.
import { defaultPullPolicy } from '../image.ts';
import type {
  Container,
  ContainerFields,
  EnvVar,
  Json,
  Probe,
  ResourceRequirements,
  Volume,
} from '../k8s-types.ts';

export const TERMINATION_MESSAGE_PATH = '/dev/termination-log';
export const DEFAULT_MODE = 0o644; // 420, the API server's default for configMap/secret/projected/downwardAPI

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `obj` with each default added where it is unset (given keys keep their order, defaults follow). */
function withDefaults(obj: Json, defaults: Json): Json {
  const out: Json = { ...obj };
  for (const k in defaults) if (out[k] === undefined) out[k] = defaults[k];
  return out;
}

/** fieldRef.apiVersion defaults to v1. */
export function normalizeEnv(env: EnvVar[]): EnvVar[] {
  return env.map((e) => {
    const from = e.valueFrom;
    if (!isObject(from) || !isObject(from['fieldRef'])) return e;
    return { ...e, valueFrom: { ...from, fieldRef: withDefaults(from['fieldRef'], { apiVersion: 'v1' }) } };
  });
}

/** Probe handler defaults: httpGet scheme HTTP (and the same for lifecycle hooks). */
function normalizeHandler(handler: Json): Json {
  const out = { ...handler };
  if (isObject(out['httpGet'])) out['httpGet'] = withDefaults(out['httpGet'], { scheme: 'HTTP' });
  return out;
}

export function normalizeProbe(probe: unknown): Probe | undefined {
  if (!isObject(probe)) return undefined;
  return withDefaults(normalizeHandler(probe), {
    timeoutSeconds: 1,
    periodSeconds: 10,
    successThreshold: 1,
    failureThreshold: 3,
  }) as unknown as Probe;
}

function normalizeLifecycle(lifecycle: unknown): unknown {
  if (!isObject(lifecycle)) return lifecycle;
  const out: Json = { ...lifecycle };
  for (const hook of ['postStart', 'preStop']) {
    if (isObject(out[hook])) out[hook] = normalizeHandler(out[hook]);
  }
  return out;
}

/** A user container (core/v1 Container as given) with the API server's defaults filled in. */
export function normalizeContainer(given: Json): Container {
  const image = typeof given['image'] === 'string' ? given['image'] : '';
  const c = withDefaults(given, {
    imagePullPolicy: defaultPullPolicy(image),
    resources: {},
    terminationMessagePath: TERMINATION_MESSAGE_PATH,
    terminationMessagePolicy: 'File',
  });
  if (Array.isArray(c['ports'])) {
    c['ports'] = (c['ports'] as unknown[]).map((p) =>
      isObject(p) ? withDefaults(p, { protocol: 'TCP' }) : p,
    );
  }
  if (Array.isArray(c['env'])) c['env'] = normalizeEnv(c['env'] as EnvVar[]);
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    if (c[probe] !== undefined) c[probe] = normalizeProbe(c[probe]);
  }
  if (c['lifecycle'] !== undefined) c['lifecycle'] = normalizeLifecycle(c['lifecycle']);
  return c as Container;
}

function normalizeItems(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item: unknown) => {
    if (!isObject(item) || !isObject(item['fieldRef'])) return item;
    return { ...item, fieldRef: withDefaults(item['fieldRef'], { apiVersion: 'v1' }) };
  });
}

function normalizeProjection(source: unknown): unknown {
  if (!isObject(source)) return source;
  const out: Json = { ...source };
  if (isObject(out['downwardAPI']) && out['downwardAPI']['items'] !== undefined) {
    out['downwardAPI'] = { ...out['downwardAPI'], items: normalizeItems(out['downwardAPI']['items']) };
  }
  if (isObject(out['serviceAccountToken'])) {
    out['serviceAccountToken'] = withDefaults(out['serviceAccountToken'], { expirationSeconds: 3600 });
  }
  return out;
}

/** A user volume (core/v1 Volume as given) with the API server's defaults filled in. */
export function normalizeVolume(given: Json): Volume {
  const v: Json = { ...given };
  for (const source of ['configMap', 'secret', 'downwardAPI']) {
    if (isObject(v[source])) v[source] = withDefaults(v[source], { defaultMode: DEFAULT_MODE });
  }
  if (isObject(v['downwardAPI']) && v['downwardAPI']['items'] !== undefined) {
    v['downwardAPI'] = { ...v['downwardAPI'], items: normalizeItems(v['downwardAPI']['items']) };
  }
  if (isObject(v['projected'])) {
    const projected = withDefaults(v['projected'], { defaultMode: DEFAULT_MODE });
    if (Array.isArray(projected['sources']))
      projected['sources'] = projected['sources'].map(normalizeProjection);
    v['projected'] = projected;
  }
  if (isObject(v['hostPath'])) v['hostPath'] = withDefaults(v['hostPath'], { type: '' });
  return v as Volume;
}

/**
 * A core/v1 Container of the operator's own, with every defaulted field set. It completes the
 * object it is given, which every caller builds for this call alone: copying it (a spread over
 * a different shape at each call site) cost more than building it. Keys keep the spread's order.
 */
export function container(
  fresh: Omit<ContainerFields, 'terminationMessagePath' | 'terminationMessagePolicy' | 'resources'> & {
    resources?: ResourceRequirements;
  },
): Container {
  const c = fresh as Container;
  c.resources = fresh.resources ?? {};
  c.terminationMessagePath = TERMINATION_MESSAGE_PATH;
  c.terminationMessagePolicy = 'File';
  return c;
}
