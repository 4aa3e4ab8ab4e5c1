// Content hashes for pod template annotations: a change of the hashed input rolls the pods.
import { createHash } from 'node:crypto';

/** sha256 (hex, first 32 characters) of string maps and strings, order-independent for maps. */
export function contentHash(...parts: (Record<string, string> | string | undefined)[]): string {
  const h = createHash('sha256');
  for (const part of parts) {
    if (part === undefined) {
      h.update('\u0000u');
    } else if (typeof part === 'string') {
      h.update(`\u0000s${part.length}:${part}`);
    } else {
      for (const key of Object.keys(part).sort()) {
        const value = part[key] ?? '';
        h.update(`\u0000k${key.length}:${key}${value.length}:${value}`);
      }
    }
  }
  return h.digest('hex').slice(0, 32);
}
