// Setup shared by the manager and controller integration tests: an admin client and a quiet logger.
// Names, namespaces and polling come from @agent-operators/testing.
import { inject } from 'vitest';
import { createKubeClient } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { createLogger } from '../../../src/logging/index.ts';
import type { Logger } from '../../../src/logging/index.ts';

export function adminClient(): Promise<HttpKubeClient> {
  return createKubeClient({ kubeconfigPath: inject('kubeconfigPath') });
}

/** Logs only warnings and worse, to stderr, so a failing test still shows what went wrong. */
export function testLogger(): Logger {
  return createLogger({ level: (process.env['LOG_LEVEL'] as 'warn' | undefined) ?? 'warn', name: 'test' });
}
