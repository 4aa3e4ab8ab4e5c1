// URL parsing for the few endpoints a spec names (OTLP, Honcho, Signal, the Telegram webhook).
// The same strings come back on every reconcile and new URL() is among the costliest calls of a
// build, so results are memoised by the string itself: bounded, and never stale (same text, same
// parse).

export interface UrlParts {
  protocol: string;
  hostname: string;
  port: string;
  pathname: string;
}

const MAX_ENTRIES = 256;
const memo = new Map<string, UrlParts | null>();

/** The parts of `url` that builders use, or undefined when it is not a URL. */
export function parseUrl(url: string): UrlParts | undefined {
  let parts = memo.get(url);
  if (parts === undefined) {
    const u = URL.parse(url);
    parts = u && { protocol: u.protocol, hostname: u.hostname, port: u.port, pathname: u.pathname };
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(url, parts);
  }
  return parts ?? undefined;
}
