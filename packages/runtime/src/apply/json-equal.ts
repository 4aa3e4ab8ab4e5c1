// Equality as JSON on the wire sees it: key order is irrelevant and `undefined` members are absent.

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    let defined = 0;
    for (const key in a) {
      const av = a[key];
      if (av === undefined) continue;
      defined++;
      if (!jsonEqual(av, b[key])) return false;
    }
    for (const key in b) if (b[key] !== undefined) defined--;
    return defined === 0;
  }
  return false;
}
