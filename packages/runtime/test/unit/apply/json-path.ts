// Typed access into open JSON fixtures, for tests that edit or inspect one field deep inside.

type Json = Record<string, unknown>;

/** The object at `path` under `root` (throws if the path does not lead to an object or array). */
export function at<T = Json>(root: unknown, ...path: (string | number)[]): T {
  let node: unknown = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) throw new Error(`no object at ${path.join('.')}`);
    node = (node as Record<string | number, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) throw new Error(`no object at ${path.join('.')}`);
  return node as T;
}
