// Storage sizes as Kubernetes quantities, checked exactly (bigint): the CRD's pattern accepts "0",
// "-1Gi" or "500m" (half a byte), none of which is a size a volume can have.

const QUANTITY = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$/;
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** The value as an exact fraction num/den, or undefined when `value` is not a quantity. */
export function parseQuantity(value: unknown): { num: bigint; den: bigint } | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const m = QUANTITY.exec(String(value).trim());
  if (!m) return undefined;
  const [, sign = '', digits = '', exponent, suffix] = m;
  const [whole = '', fraction = ''] = digits.split('.');
  let pow10 = -fraction.length + (exponent !== undefined ? Number(exponent) : 0);
  let pow2 = 0;
  if (suffix !== undefined) {
    pow10 += DECIMAL[suffix] ?? 0;
    pow2 += BINARY[suffix] ?? 0;
  }
  // A quantity this far out is nonsense; refuse rather than build huge integers.
  if (Math.abs(pow10) > 64) return undefined;
  let num = BigInt((whole || '0') + fraction) * 2n ** BigInt(pow2);
  if (sign === '-') num = -num;
  let den = 1n;
  if (pow10 >= 0) num *= 10n ** BigInt(pow10);
  else den = 10n ** BigInt(-pow10);
  return { num, den };
}

/** True for a positive whole number of bytes. */
export function isValidStorageSize(value: unknown): boolean {
  const q = parseQuantity(value);
  return q !== undefined && q.num > 0n && q.num % q.den === 0n;
}

/** True when both are quantities of the same value (10Gi equals 10240Mi). */
export function sameQuantity(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const qa = parseQuantity(a);
  const qb = parseQuantity(b);
  return qa !== undefined && qb !== undefined && qa.num * qb.den === qb.num * qa.den;
}
