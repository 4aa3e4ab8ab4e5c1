// The top-level config.yaml keys hermes-agent reads (facts/hermes-agent-runtime.md, releases
// 0.19 to 0.21). Anything else is ignored by the agent, usually a typo: warned about, not denied.

export const KNOWN_CONFIG_KEYS: ReadonlySet<string> = new Set([
  'model',
  'providers',
  'custom_providers',
  'agent',
  'terminal',
  'compression',
  'memory',
  'display',
  'platforms',
  'gateway',
  'cron',
  'database',
  'runtime',
  'browser',
  'security',
  'tts',
  'stt',
  'delegation',
  'mcp_servers',
  'dashboard',
  'updates',
  'tool_loop_guardrails',
  'monitoring',
]);

/** Top-level keys of `config` hermes-agent does not know, in their order. */
export function unknownConfigKeys(config: unknown): string[] {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return [];
  return Object.keys(config).filter((k) => !KNOWN_CONFIG_KEYS.has(k));
}
