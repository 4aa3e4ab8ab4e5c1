// Digests of referenced Secrets and ConfigMaps for the pod template annotations: a rotated token or
// an edited ConfigMap changes the digest, the StatefulSet's template changes, and the pod rolls.
import { createHash } from 'node:crypto';
import type { KubeObject } from '@agent-operators/runtime/client';

/** Data of a Secret or ConfigMap: `data` and `binaryData`/`stringData`, whichever it has. */
function dataOf(obj: KubeObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ['data', 'binaryData', 'stringData']) {
    const map = obj[field];
    if (map && typeof map === 'object') {
      for (const [k, v] of Object.entries(map as Record<string, unknown>)) out[`${field}/${k}`] = String(v);
    }
  }
  return out;
}

/**
 * sha256 (hex, 32 characters) over the named objects' data, in name order; a missing object counts
 * as such, so it appearing later rolls the pod too. Undefined when nothing is referenced.
 */
export function dataDigest(
  names: readonly string[],
  lookup: (name: string) => KubeObject | undefined,
): string | undefined {
  if (names.length === 0) return undefined;
  const h = createHash('sha256');
  for (const name of names) {
    const obj = lookup(name);
    h.update(`\u0000n${name.length}:${name}`);
    if (!obj) {
      h.update('\u0000missing');
      continue;
    }
    const data = dataOf(obj);
    for (const key of Object.keys(data).sort()) {
      const value = data[key]!;
      h.update(`\u0000k${key.length}:${key}${value.length}:${value}`);
    }
  }
  return h.digest('hex').slice(0, 32);
}

/** The references that do not resolve: objects missing, or present without the key named. */
export function unresolved(
  refs: readonly { name: string; key?: string; optional?: boolean }[],
  lookup: (name: string) => KubeObject | undefined,
): { missing: string[]; missingKeys: string[] } {
  const missing = new Set<string>();
  const missingKeys = new Set<string>();
  for (const ref of refs) {
    if (ref.optional) continue;
    const obj = lookup(ref.name);
    if (!obj) {
      missing.add(ref.name);
      continue;
    }
    if (ref.key !== undefined) {
      const has = ['data', 'binaryData', 'stringData'].some((f) => {
        const map = obj[f] as Record<string, unknown> | undefined;
        return map !== undefined && Object.hasOwn(map, ref.key!);
      });
      if (!has) missingKeys.add(`${ref.name}/${ref.key}`);
    }
  }
  return { missing: [...missing].sort(), missingKeys: [...missingKeys].sort() };
}
