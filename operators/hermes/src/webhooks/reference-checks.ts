// Checks of the Secrets and ConfigMaps an instance refers to. They only warn: a Secret created
// after the instance is a normal order of events (GitOps applies in any order), and the pod
// waits for it. Values are never logged or echoed; only presence is checked.
import { parse } from 'yaml';
import { isForbidden, isNotFound } from '@agent-operators/runtime/client';
import type { KubeClient, KubeObject } from '@agent-operators/runtime/client';
import type { HermesInstanceSpec } from '../api/v1/hermes-instance.ts';
import { unknownConfigKeys } from './config-keys.ts';
import { WARN } from './messages.ts';

interface KeyRef {
  name: string;
  key?: string;
}

/** A Secret key an enabled gateway needs. */
export interface TokenRef {
  /** e.g. `spec.gateways.telegram.botTokenSecretRef` */
  field: string;
  gateway: string;
  /** Undefined when the reference itself is missing. */
  ref: KeyRef | undefined;
  /** The key the schema defaults to. */
  defaultKey: string;
}

/** The token Secrets each enabled gateway reads. */
export function gatewayTokenRefs(spec: HermesInstanceSpec): TokenRef[] {
  const g = spec.gateways ?? {};
  const out: TokenRef[] = [];
  const add = (gateway: string, path: string, ref: KeyRef | undefined, defaultKey: string) =>
    out.push({ field: `spec.gateways.${gateway}.${path}`, gateway, ref, defaultKey });
  if (g.telegram?.enabled) {
    add('telegram', 'botTokenSecretRef', g.telegram.botTokenSecretRef, 'TELEGRAM_BOT_TOKEN');
    const secret = g.telegram.webhook?.secretTokenSecretRef;
    if (g.telegram.mode === 'webhook' && secret) {
      add('telegram', 'webhook.secretTokenSecretRef', secret, 'TELEGRAM_WEBHOOK_SECRET');
    }
  }
  if (g.discord?.enabled)
    add('discord', 'botTokenSecretRef', g.discord.botTokenSecretRef, 'DISCORD_BOT_TOKEN');
  if (g.slack?.enabled) {
    add('slack', 'botTokenSecretRef', g.slack.botTokenSecretRef, 'SLACK_BOT_TOKEN');
    add('slack', 'appTokenSecretRef', g.slack.appTokenSecretRef, 'SLACK_APP_TOKEN');
  }
  if (g.whatsapp?.enabled && g.whatsapp.cloudApi) {
    add(
      'whatsapp',
      'cloudApi.accessTokenSecretRef',
      g.whatsapp.cloudApi.accessTokenSecretRef,
      'WHATSAPP_ACCESS_TOKEN',
    );
  }
  return out;
}

interface DataObject extends KubeObject {
  data?: Record<string, string>;
}

type Lookup = { found: DataObject } | { warning: string };

async function lookup(
  client: KubeClient,
  kind: 'Secret' | 'ConfigMap',
  namespace: string,
  field: string,
  name: string,
  signal: AbortSignal | undefined,
): Promise<Lookup> {
  try {
    const found = await client.get<DataObject>(
      { apiVersion: 'v1', kind, namespace, name },
      signal ? { signal } : {},
    );
    return { found };
  } catch (err) {
    if (isNotFound(err)) {
      return {
        warning:
          kind === 'Secret'
            ? WARN.secretMissing(field, name, namespace)
            : WARN.configMapMissing(field, name, namespace),
      };
    }
    // RBAC or a transient failure: say so, and admit (these checks never deny).
    const reason = isForbidden(err) ? 'the operator may not read it' : (err as Error).message;
    return { warning: WARN.notChecked(field, `${kind} ${JSON.stringify(name)}`, reason) };
  }
}

/** Warnings for gateway tokens that are not set, not found, or empty. */
export async function checkGatewayTokens(
  client: KubeClient,
  namespace: string,
  spec: HermesInstanceSpec,
  signal?: AbortSignal,
): Promise<string[]> {
  const refs = gatewayTokenRefs(spec);
  const results = await Promise.all(
    refs.map(async ({ field, gateway, ref, defaultKey }): Promise<string | undefined> => {
      if (!ref?.name) return WARN.gatewayTokenUnset(field, gateway);
      const key = ref.key ?? defaultKey;
      const got = await lookup(client, 'Secret', namespace, field, ref.name, signal);
      if ('warning' in got) return got.warning;
      const data = got.found.data ?? {};
      if (!Object.hasOwn(data, key)) return WARN.secretKeyMissing(field, ref.name, key);
      if (!data[key]) return WARN.secretKeyEmpty(field, ref.name, key);
      return undefined;
    }),
  );
  return results.filter((w): w is string => w !== undefined);
}

/** Warnings for spec.config.configMapRef: missing ConfigMap or key, not YAML, unknown keys. */
export async function checkConfigMapConfig(
  client: KubeClient,
  namespace: string,
  spec: HermesInstanceSpec,
  signal?: AbortSignal,
): Promise<string[]> {
  const ref = spec.config?.configMapRef;
  if (!ref?.name || spec.config?.raw !== undefined) return [];
  const field = 'spec.config.configMapRef';
  const key = ref.key ?? 'config.yaml';
  const got = await lookup(client, 'ConfigMap', namespace, field, ref.name, signal);
  if ('warning' in got) return [got.warning];
  const text = got.found.data?.[key];
  if (text === undefined) return [WARN.configMapKeyMissing(field, ref.name, key)];
  let config: unknown;
  try {
    config = parse(text) as unknown;
  } catch (err) {
    return [WARN.configNotYaml(field, ref.name, key, (err as Error).message.split('\n')[0] ?? 'parse error')];
  }
  if (config !== null && (typeof config !== 'object' || Array.isArray(config))) {
    return [WARN.configNotYaml(field, ref.name, key, `a ${Array.isArray(config) ? 'list' : typeof config}`)];
  }
  const unknown = unknownConfigKeys(config);
  return unknown.length > 0 ? [WARN.unknownConfigKeys(`${field} (${ref.name}/${key})`, unknown)] : [];
}
