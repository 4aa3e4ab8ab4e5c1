// Certificate validity windows, backdated so a peer whose clock runs slightly behind accepts them.
const CLOCK_SKEW_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function validityWindow(days: number, now: Date = new Date()): { notBefore: Date; notAfter: Date } {
  if (!(days > 0)) throw new Error(`validity must be a positive number of days, got ${days}`);
  return {
    notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
    notAfter: new Date(now.getTime() + days * DAY_MS),
  };
}
