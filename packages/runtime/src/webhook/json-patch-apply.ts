// Applies an RFC 6902 JSON patch to a copy of a document: for testing mutating handlers offline.
import type { JsonPatchOperation } from './json-patch.ts';
import { unescapePointerToken } from './json-patch.ts';

type Container = Record<string, unknown> | unknown[];

export function applyJsonPatch<T>(document: T, patch: readonly JsonPatchOperation[]): T {
  let doc: unknown = structuredClone(document);
  for (const op of patch) {
    switch (op.op) {
      case 'add':
        doc = add(doc, op.path, structuredClone(op.value));
        break;
      case 'remove':
        doc = remove(doc, op.path).doc;
        break;
      case 'replace':
        doc = add(remove(doc, op.path).doc, op.path, structuredClone(op.value));
        break;
      case 'test':
        if (JSON.stringify(get(doc, op.path)) !== JSON.stringify(op.value)) {
          throw new Error(`test failed at ${op.path}`);
        }
        break;
      case 'move': {
        const removed = remove(doc, op.from);
        doc = add(removed.doc, op.path, removed.value);
        break;
      }
      case 'copy':
        doc = add(doc, op.path, structuredClone(get(doc, op.from)));
        break;
    }
  }
  return doc as T;
}

function tokens(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`invalid JSON pointer: ${path}`);
  return path.slice(1).split('/').map(unescapePointerToken);
}

function parentOf(doc: unknown, path: string): { parent: Container; key: string } {
  const t = tokens(path);
  const key = t.pop();
  if (key === undefined) throw new Error('the root has no parent');
  let cur: unknown = doc;
  for (const k of t) cur = child(cur, k, path);
  if (typeof cur !== 'object' || cur === null) throw new Error(`path not found: ${path}`);
  return { parent: cur as Container, key };
}

function child(cur: unknown, key: string, path: string): unknown {
  if (Array.isArray(cur)) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= cur.length) throw new Error(`path not found: ${path}`);
    return cur[i];
  }
  if (typeof cur === 'object' && cur !== null && Object.hasOwn(cur, key)) {
    return (cur as Record<string, unknown>)[key];
  }
  throw new Error(`path not found: ${path}`);
}

function get(doc: unknown, path: string): unknown {
  let cur = doc;
  for (const k of tokens(path)) cur = child(cur, k, path);
  return cur;
}

function add(doc: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const { parent, key } = parentOf(doc, path);
  if (Array.isArray(parent)) {
    const i = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(i) || i < 0 || i > parent.length) throw new Error(`bad array index: ${path}`);
    parent.splice(i, 0, value);
  } else {
    // defineProperty, not assignment: a `__proto__` member must stay data, not replace the prototype.
    Object.defineProperty(parent, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return doc;
}

function remove(doc: unknown, path: string): { doc: unknown; value: unknown } {
  if (path === '') return { doc: null, value: doc };
  const { parent, key } = parentOf(doc, path);
  const value = child(parent, key, path);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return { doc, value };
}
