// Content hashes for pod template annotations: a change of the hashed input rolls the pods.
import { hash } from 'node:crypto';

/** sha256 (hex, first 32 characters) of string maps and strings, order-independent for maps. */
export function contentHash(...parts: (Record<string, string> | string | undefined)[]): string {
  // One string and one-shot hashing: createHash plus an update per key cost several times more
  // for inputs this small. The digest is that of the concatenation, as with streamed updates.
  let text = '';
  for (const part of parts) {
    if (part === undefined) {
      text += '\u0000u';
    } else if (typeof part === 'string') {
      text += `\u0000s${part.length}:${part}`;
    } else {
      for (const key of Object.keys(part).sort()) {
        const value = part[key] ?? '';
        text += `\u0000k${key.length}:${key}${value.length}:${value}`;
      }
    }
  }
  return hash('sha256', text, 'hex').slice(0, 32);
}
