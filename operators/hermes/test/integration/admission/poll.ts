// Polling for what the API server does asynchronously (CRDs established, webhook configurations
// and caBundles picked up).

/** Polls until `fn` returns something other than undefined; errors count as "not yet". */
export async function eventually<T>(
  fn: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
