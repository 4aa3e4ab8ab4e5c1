// Server-side apply conflicts: a field another manager owns (a GitOps tool) is not taken over.
// The API server names each conflicting field (`.spec.env[name="FOO"].value`); the field, or the
// list entry holding it, is dropped from the apply configuration and reported as skipped.
import type { KubeApiError } from '@agent-operators/runtime/client';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type PathSegment =
  { field: string } | { key: Record<string, unknown> } | { value: unknown } | { index: number };

/** Parses structured-merge-diff's path notation: `.a.b[name="x"][="v"][0]`. */
export function parseFieldPath(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      let j = i + 1;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      out.push({ field: path.slice(i + 1, j) });
      i = j;
    } else if (c === '[') {
      let j = i + 1;
      let quoted = false;
      while (j < path.length && (quoted || path[j] !== ']')) {
        if (path[j] === '\\' && quoted) j++;
        else if (path[j] === '"') quoted = !quoted;
        j++;
      }
      out.push(parseBracket(path.slice(i + 1, j)));
      i = j + 1;
    } else {
      throw new Error(`cannot parse field path ${path}`);
    }
  }
  return out;
}

function parseBracket(body: string): PathSegment {
  if (/^[0-9]+$/.test(body)) return { index: Number(body) };
  if (body.startsWith('=')) return { value: JSON.parse(body.slice(1)) as unknown };
  // name="x",other=1: split on commas outside quotes
  const key: Record<string, unknown> = {};
  let part = '';
  let quoted = false;
  const flush = () => {
    const eq = part.indexOf('=');
    if (eq > 0) key[part.slice(0, eq)] = JSON.parse(part.slice(eq + 1)) as unknown;
    part = '';
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\' && quoted) {
      part += ch + (body[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) flush();
    else part += ch;
  }
  flush();
  return { key };
}

function itemMatches(item: unknown, seg: PathSegment): boolean {
  if ('key' in seg)
    return (
      isObject(item) &&
      Object.entries(seg.key).every(([k, v]) => JSON.stringify(item[k]) === JSON.stringify(v))
    );
  if ('value' in seg) return JSON.stringify(item) === JSON.stringify(seg.value);
  return false;
}

/**
 * Removes the field at `segments` from `obj` (in place). A field inside a list entry removes the
 * whole entry. Parents left empty are removed too. Returns whether anything was removed.
 */
export function removeField(obj: Obj, segments: readonly PathSegment[]): boolean {
  const [head, ...rest] = segments;
  if (!head || !('field' in head)) return false;
  const value = obj[head.field];
  if (value === undefined) return false;
  if (rest.length === 0) {
    delete obj[head.field];
    return true;
  }
  const next = rest[0]!;
  let removed = false;
  if (Array.isArray(value)) {
    const idx = 'index' in next ? next.index : value.findIndex((i) => itemMatches(i, next));
    if (idx >= 0 && idx < value.length) {
      value.splice(idx, 1);
      removed = true;
    }
    if (value.length === 0) delete obj[head.field];
  } else if (isObject(value)) {
    removed = removeField(value, rest);
    if (Object.keys(value).length === 0) delete obj[head.field];
  }
  return removed;
}

/** The conflicting field paths of a server-side apply 409, or [] when it was another kind of conflict. */
export function conflictFields(err: KubeApiError): string[] {
  return err.causes
    .filter((c) => c.reason === 'FieldManagerConflict' && typeof c.field === 'string')
    .map((c) => c.field!);
}
