// Rewrites a desired object into the form the API server stores, where the two differ by design,
// so that comparing it with a live object does not report drift that cannot be written away.
import type { KubeObject } from '../client/types.ts';

/**
 * Secret `stringData` is write-only: the server folds it into `data` (base64) and never returns
 * it. Done here, the comparison sees what the server stores. `stringData` wins over `data`, as
 * on the server.
 */
function normalizeSecret(obj: KubeObject): KubeObject {
  const stringData = obj['stringData'];
  if (stringData === undefined || stringData === null) return obj;
  const data: Record<string, unknown> = { ...(obj['data'] as Record<string, unknown> | undefined) };
  for (const [k, v] of Object.entries(stringData as Record<string, unknown>)) {
    if (typeof v === 'string') data[k] = Buffer.from(v, 'utf8').toString('base64');
  }
  const { stringData: _dropped, ...rest } = obj;
  return { ...rest, data };
}

export function normalizeDesired(obj: KubeObject): KubeObject {
  if (obj.kind === 'Secret' && obj.apiVersion === 'v1') return normalizeSecret(obj);
  return obj;
}
