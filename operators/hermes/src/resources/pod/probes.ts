// The agent's liveness, readiness and startup probes: GET /health on the API server port
// (unauthenticated), with spec.probes overrides. Without the API server there is nothing to
// probe unless the user gives a handler. Every timing field is set explicitly.
import type { BuildInput } from '../input.ts';
import type { Json, Probe } from '../k8s-types.ts';
import { apiServerEnabled } from '../ports.ts';
import { normalizeProbe } from './defaults.ts';

interface Timings {
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
}

/** Built-in timings (see the ProbesSpec descriptions). */
export const BUILTIN_PROBES: Record<'liveness' | 'readiness' | 'startup', Timings> = {
  liveness: { periodSeconds: 30, timeoutSeconds: 5, failureThreshold: 3 },
  readiness: { periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 },
  // Up to 5 minutes: the first boot migrates config and syncs skills.
  startup: { periodSeconds: 5, timeoutSeconds: 5, failureThreshold: 60 },
};

function probe(input: BuildInput, which: keyof typeof BUILTIN_PROBES): Probe | undefined {
  const o = input.spec.probes?.[which] ?? {};
  if (o.enabled === false) return undefined;
  const handler: Json | undefined = o.handler
    ? o.handler
    : apiServerEnabled(input)
      ? { httpGet: { path: '/health', port: 'api', scheme: 'HTTP' } }
      : undefined;
  if (!handler) return undefined;
  const base = BUILTIN_PROBES[which];
  const p: Json = {
    ...handler,
    timeoutSeconds: o.timeoutSeconds ?? base.timeoutSeconds,
    periodSeconds: o.periodSeconds ?? base.periodSeconds,
    successThreshold: 1,
    failureThreshold: o.failureThreshold ?? base.failureThreshold,
  };
  if (o.initialDelaySeconds) p['initialDelaySeconds'] = o.initialDelaySeconds;
  // Only a user's handler can lack server defaults; ours and the timings above are complete.
  return o.handler ? normalizeProbe(p) : (p as unknown as Probe);
}

export function agentProbes(
  input: BuildInput,
): Pick<
  { livenessProbe?: Probe; readinessProbe?: Probe; startupProbe?: Probe },
  'livenessProbe' | 'readinessProbe' | 'startupProbe'
> {
  const out: { livenessProbe?: Probe; readinessProbe?: Probe; startupProbe?: Probe } = {};
  const liveness = probe(input, 'liveness');
  const readiness = probe(input, 'readiness');
  const startup = probe(input, 'startup');
  if (liveness) out.livenessProbe = liveness;
  if (readiness) out.readinessProbe = readiness;
  if (startup) out.startupProbe = startup;
  return out;
}
