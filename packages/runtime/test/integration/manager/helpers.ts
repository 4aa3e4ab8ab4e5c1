// Setup shared by the manager and controller integration tests: a real API server, fresh namespaces.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { createLogger } from '../../../src/logging/index.ts';
import type { Logger } from '../../../src/logging/index.ts';

export function adminClient(): Promise<HttpKubeClient> {
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath') });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function createNamespace(client: HttpKubeClient, prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return name;
}

/** Best effort: without kube-controller-manager the namespace stays Terminating, which is harmless. */
export async function deleteNamespace(client: HttpKubeClient, name: string): Promise<void> {
  await client.delete({ apiVersion: 'v1', kind: 'Namespace', name }).catch(() => undefined);
}

/** Logs only warnings and worse, to stderr, so a failing test still shows what went wrong. */
export function testLogger(): Logger {
  return createLogger({ level: (process.env['LOG_LEVEL'] as 'warn' | undefined) ?? 'warn', name: 'test' });
}

/** Polls `fn` until it returns something other than undefined. */
export async function eventually<T>(
  fn: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
