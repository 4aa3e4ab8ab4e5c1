// RFC 6902 JSON patches: the operation type and a diff that turns one JSON document into another.
export type JsonPatchOperation =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'test'; path: string; value: unknown }
  | { op: 'move'; from: string; path: string }
  | { op: 'copy'; from: string; path: string };

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The operations that turn `original` into `mutated` (both JSON values; properties holding
 * `undefined` count as absent, as JSON.stringify would drop them). Arrays are compared by index:
 * common prefix recursively, then trailing removals (highest index first) or appends.
 */
export function createJsonPatch(original: unknown, mutated: unknown): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  diff(original, mutated, '', ops);
  return ops;
}

function diff(a: unknown, b: unknown, path: string, ops: JsonPatchOperation[]): void {
  if (a === b) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      const av = own(a, key);
      if (av === undefined) continue;
      const child = `${path}/${escapePointerToken(key)}`;
      const bv = own(b, key);
      if (bv === undefined) ops.push({ op: 'remove', path: child });
      else diff(av, bv, child, ops);
    }
    for (const key of Object.keys(b)) {
      const bv = own(b, key);
      if (bv !== undefined && own(a, key) === undefined) {
        ops.push({ op: 'add', path: `${path}/${escapePointerToken(key)}`, value: clone(bv) });
      }
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) diff(a[i], b[i], `${path}/${i}`, ops);
    for (let i = a.length - 1; i >= b.length; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = a.length; i < b.length; i++)
      ops.push({ op: 'add', path: `${path}/${i}`, value: clone(b[i]) });
    return;
  }
  if (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) return;
  ops.push({ op: 'replace', path, value: clone(b) });
}

// Own members only: a key like `toString` must not find the prototype's.
function own(o: JsonObject, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

// Values in a patch must not alias the caller's object, which may be mutated afterwards.
function clone(v: unknown): unknown {
  return v === undefined ? null : structuredClone(v);
}
