// Resource quantities as the API server stores them: always strings.
import type { ResourceRequirements } from './k8s-types.ts';

type QuantityMap = Record<string, string | number>;

function quantities(map: QuantityMap | undefined): Record<string, string> | undefined {
  if (!map) return undefined;
  const out: Record<string, string> = {};
  for (const k of Object.keys(map)) out[k] = String(map[k]);
  return out;
}

/** A core/v1 ResourceRequirements from the spec's form; `{}` when nothing is set (as it reads back). */
export function resourceRequirements(spec?: {
  requests?: QuantityMap;
  limits?: QuantityMap;
}): ResourceRequirements {
  const out: ResourceRequirements = {};
  const requests = quantities(spec?.requests);
  const limits = quantities(spec?.limits);
  if (limits && Object.keys(limits).length) out.limits = limits;
  if (requests && Object.keys(requests).length) out.requests = requests;
  return out;
}
