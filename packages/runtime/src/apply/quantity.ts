// Kubernetes resource quantities compared by value: the API server rewrites them in canonical form
// ("1024Mi" reads back as "1Gi", "0.5" as "500m"), so a string comparison would report drift forever.

const pattern = /^([+-]?)(\d+\.?\d*|\.\d+)(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E))?$/;

const decimalSuffix: Record<string, number> = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffix: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** An exact rational value: numerator / denominator. Undefined when `text` is not a quantity. */
function parseQuantity(text: string): { num: bigint; den: bigint } | undefined {
  const m = pattern.exec(text);
  if (!m) return undefined;
  const [, sign = '', number = '', exponent, suffix] = m;
  const [whole = '', fraction = ''] = number.split('.');
  let num = BigInt((whole || '0') + fraction);
  if (sign === '-') num = -num;
  let pow10 = -fraction.length;
  let pow2 = 0;
  if (exponent !== undefined) pow10 += Number(exponent.slice(1));
  if (suffix !== undefined) {
    pow10 += decimalSuffix[suffix] ?? 0;
    pow2 += binarySuffix[suffix] ?? 0;
  }
  // Builders write small exponents; refuse absurd ones rather than allocate huge integers.
  if (Math.abs(pow10) > 64) return undefined;
  let den = 1n;
  if (pow10 >= 0) num *= 10n ** BigInt(pow10);
  else den = 10n ** BigInt(-pow10);
  num *= 2n ** BigInt(pow2);
  return { num, den };
}

/** True when both are quantities of equal value, or identical values of any kind. */
export function quantityEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' && typeof a !== 'number') return false;
  if (typeof b !== 'string' && typeof b !== 'number') return false;
  const qa = parseQuantity(String(a));
  const qb = parseQuantity(String(b));
  if (!qa || !qb) return false;
  return qa.num * qb.den === qb.num * qa.den;
}
