// Helpers every integration test needs: unique names, a namespace per test file, and polling.
// The client is structural so this package never imports the runtime it is used to test.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { inspect } from 'node:util';

/** The two calls the namespace helpers make; the runtime's KubeClient satisfies it. */
export interface NamespaceClient {
  create(obj: { apiVersion: string; kind: string; metadata: { name: string } }): Promise<unknown>;
  delete(ref: { apiVersion: string; kind: string; name: string }): Promise<unknown>;
}

export interface EventuallyOptions {
  /** How long to keep polling; 20 s by default. */
  timeoutMs?: number;
  /** Pause between attempts; 100 ms by default. */
  intervalMs?: number;
}

/** `prefix` plus 8 random hex characters: a valid DNS label that no other test run picks. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Creates a namespace named `<prefix>-<random>` and returns its name. */
export async function createNamespace(client: NamespaceClient, prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return name;
}

/** Best effort: without kube-controller-manager the namespace stays Terminating, which is harmless. */
export async function deleteNamespace(client: NamespaceClient, name: string): Promise<void> {
  await client.delete({ apiVersion: 'v1', kind: 'Namespace', name }).catch(() => undefined);
}

/**
 * Polls `fn` until it returns something other than undefined or false, and resolves with that.
 * A throw counts as "not yet"; on timeout the error names `what` and the last throw's message.
 * `fn` always runs at least once, and once more after the deadline if the pause crossed it.
 */
export async function eventually<T>(
  what: string,
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  opts: EventuallyOptions = {},
): Promise<T> {
  const { timeoutMs = 20_000, intervalMs = 100 } = opts;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) break;
    await sleep(intervalMs);
  }
  const cause =
    last === undefined ? '' : `: last error: ${last instanceof Error ? last.message : inspect(last)}`;
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`, { cause: last });
}
