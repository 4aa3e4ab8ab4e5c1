// A small, fast YAML emitter for JSON data (what config.raw holds), block style, deterministic.
// About ten times faster than the yaml package's stringify, which dominated buildAll. Strings are
// written plain only when every YAML 1.1 and 1.2 parser reads them back as the same string (so
// PyYAML in config-init agrees); otherwise JSON-quoted (JSON strings are valid YAML), or as a
// literal block when multi-line.

/** Words some YAML version reads as booleans or null. */
const RESERVED =
  'y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~';

/**
 * Strings written plain: letters, digits and a few safe punctuation marks, single spaces inside;
 * not a reserved word, and not letter-led yet read as a number by some parser (an exponent
 * without mantissa: E0, e+5). One regex with lookaheads: it runs for every key and value.
 */
const PLAIN = new RegExp(
  `^(?!(?:${RESERVED})$|[eE][-+]?[0-9])[A-Za-z_/][A-Za-z0-9_./@+-]*(?: [A-Za-z0-9_./@+-]+)*$`,
);

function scalarString(s: string): string {
  return PLAIN.test(s) ? s : JSON.stringify(s);
}

function key(k: string): string {
  return scalarString(k);
}

/** Control characters other than newline (they need escapes, so a quoted string). */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0a) || c === 0x7f) return true;
  }
  return false;
}

/** A literal block for multi-line text with one or no trailing newline, else undefined. */
function block(s: string, indent: string): string | undefined {
  if (!s.includes('\n') || hasControl(s) || s.startsWith(' ') || s.startsWith('\n')) {
    return undefined;
  }
  let body = s;
  let chomp: string;
  if (s.endsWith('\n\n')) return undefined;
  if (s.endsWith('\n')) {
    chomp = '|';
    body = s.slice(0, -1);
  } else {
    chomp = '|-';
  }
  const lines = body.split('\n').map((l) => (l === '' ? '' : `${indent}${l}`));
  return `${chomp}\n${lines.join('\n')}`;
}

function scalar(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`cannot write ${v} as YAML`);
    const s = String(v);
    // YAML 1.1 floats need a dot: 1e+21 would read back as a string in PyYAML.
    return s.includes('e') && !s.includes('.') ? s.replace('e', '.0e') : s;
  }
  if (typeof v === 'string') return block(v, indent) ?? scalarString(v);
  throw new Error(`cannot write a ${typeof v} as YAML`);
}

function isEmptyCollection(v: unknown): string | undefined {
  if (Array.isArray(v) && v.length === 0) return '[]';
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0) return '{}';
  return undefined;
}

function emit(v: unknown, indent: string, out: string[]): void {
  if (Array.isArray(v)) {
    for (const item of v) {
      const empty = isEmptyCollection(item);
      if (empty !== undefined || typeof item !== 'object' || item === null) {
        out.push(`${indent}- ${empty ?? scalar(item, `${indent}  `)}`);
      } else if (Array.isArray(item)) {
        out.push(`${indent}-`);
        emit(item, `${indent}  `, out);
      } else {
        // The first key on the dash line, the rest aligned under it.
        emitMap(item as Record<string, unknown>, `${indent}  `, `${indent}- `, out);
      }
    }
    return;
  }
  emitMap(v as Record<string, unknown>, indent, indent, out);
}

/** The entries of a mapping at `indent`, the first line led by `first` instead of the indent. */
function emitMap(obj: Record<string, unknown>, indent: string, first: string, out: string[]): void {
  let lead = first;
  let written = false;
  // Object.keys, not Object.entries: no pair array per key.
  for (const k of Object.keys(obj)) {
    const value = obj[k];
    if (value === undefined) continue;
    const empty = isEmptyCollection(value);
    if (empty !== undefined || typeof value !== 'object' || value === null) {
      out.push(`${lead}${key(k)}: ${empty ?? scalar(value, `${indent}  `)}`);
    } else {
      out.push(`${lead}${key(k)}:`);
      emit(value, Array.isArray(value) ? indent : `${indent}  `, out);
    }
    lead = indent;
    written = true;
  }
  if (!written && first !== indent)
    throw new Error('cannot write a list item without defined fields as YAML');
}

/** YAML text (ending in a newline) for a JSON value. */
export function toYamlText(value: unknown): string {
  const empty = isEmptyCollection(value);
  if (empty !== undefined) return `${empty}\n`;
  if (typeof value !== 'object' || value === null) return `${scalar(value, '')}\n`;
  const out: string[] = [];
  emit(value, '', out);
  return `${out.join('\n')}\n`;
}
