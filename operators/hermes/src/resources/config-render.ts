// The content of the config and workspace ConfigMaps: config.yaml rendered from config.raw,
// operator-managed config keys, honcho.json, Tailscale serve config, the workspace manifest.
// Computed once per build: the ConfigMaps and the pod template (config hash) both use it.
import type { BuildInput } from './input.ts';
import { CONFIG_INIT_PY, OLLAMA_START_SH, RUNTIME_INIT_SH, WORKSPACE_INIT_PY } from './scripts.ts';
import { contentHash } from './hash.ts';
import { toYamlText } from './yaml-emit.ts';

export const WORKSPACE_MANIFEST = 'manifest.json';

/** Keys the operator manages in config.yaml (filled under the user's own values). */
export function operatorConfig(input: BuildInput): Record<string, unknown> | undefined {
  if (input.spec.profileStore?.enabled) return { memory: { provider: 'honcho' } };
  return undefined;
}

const yaml = toYamlText;

/** The operator's scripts, constant per operator build: hashed once, not per reconcile. */
const SCRIPTS: Record<string, string> = {
  'config_init.py': CONFIG_INIT_PY,
  'workspace_init.py': WORKSPACE_INIT_PY,
  'runtime_init.sh': RUNTIME_INIT_SH,
  'ollama_start.sh': OLLAMA_START_SH,
};
const SCRIPTS_HASH = contentHash(SCRIPTS);

/** Tailscale's serve address: TS_CERT_DOMAIN is expanded by containerboot, not by us. */
const TS_HOST = '${TS_CERT_DOMAIN}:443';

/**
 * tailscale-serve.json: HTTPS on 443 proxied to the API server, plus AllowFunnel in funnel mode.
 * Written as text: it is the same on every build but the port, and JSON.stringify with
 * indentation of the equivalent object cost more than the rest of the ConfigMap.
 */
export function tailscaleServeConfig(input: BuildInput): string {
  const port = input.spec.networking?.apiServer?.port ?? 8642;
  const proxy = JSON.stringify(`http://127.0.0.1:${port}`);
  const funnel =
    input.spec.tailscale?.mode === 'funnel' ? `,\n  "AllowFunnel": {\n    "${TS_HOST}": true\n  }` : '';
  return `{
  "TCP": {
    "443": {
      "HTTPS": true
    }
  },
  "Web": {
    "${TS_HOST}": {
      "Handlers": {
        "/": {
          "Proxy": ${proxy}
        }
      }
    }
  }${funnel}
}
`;
}

function needsWorkspace(input: BuildInput): boolean {
  const ws = input.spec.workspace;
  return Boolean(ws && (ws.files?.length || ws.directories?.length || ws.configMapRefs?.length));
}

/** Data of <name>-workspace: one key per file (file-<n>) plus manifest.json mapping keys to paths. */
export function workspaceData(input: BuildInput): Record<string, string> | undefined {
  if (!needsWorkspace(input)) return undefined;
  const ws = input.spec.workspace ?? {};
  const data: Record<string, string> = {};
  const files = (ws.files ?? []).map((f, i) => {
    const key = `file-${i}`;
    data[key] = f.content;
    return { key, path: f.path, mode: f.mode ?? 0o644 };
  });
  data[WORKSPACE_MANIFEST] = `${JSON.stringify(
    { policy: ws.policy ?? 'IfMissing', directories: ws.directories ?? [], files },
    null,
    2,
  )}\n`;
  return data;
}

/** Data of <name>-config. */
export function configData(input: BuildInput): Record<string, string> {
  const { spec } = input;
  const data: Record<string, string> = { 'config_init.py': CONFIG_INIT_PY };
  if (spec.config?.raw !== undefined) data['config.yaml'] = yaml(spec.config.raw);
  const operator = operatorConfig(input);
  if (operator) data['operator.yaml'] = yaml(operator);
  const ps = spec.profileStore;
  if (ps?.enabled && ps.config !== undefined) data['honcho.json'] = `${JSON.stringify(ps.config, null, 2)}\n`;
  if (needsWorkspace(input)) data['workspace_init.py'] = WORKSPACE_INIT_PY;
  if (spec.runtime?.pipPackages?.length) data['runtime_init.sh'] = RUNTIME_INIT_SH;
  if (spec.ollama?.enabled) data['ollama_start.sh'] = OLLAMA_START_SH;
  if (spec.tailscale?.enabled) data['tailscale-serve.json'] = tailscaleServeConfig(input);
  return data;
}

export interface RenderedConfig {
  config: Record<string, string>;
  workspace: Record<string, string> | undefined;
  /** Pod annotation hermes.agent/config-hash. */
  hash: string;
}

export function renderConfig(input: BuildInput): RenderedConfig {
  const config = configData(input);
  const workspace = workspaceData(input);
  // Scripts enter the hash through SCRIPTS_HASH (an operator upgrade changing them still rolls).
  const variable: Record<string, string> = {};
  const scripts: string[] = [];
  for (const k of Object.keys(config)) {
    const v = config[k]!;
    if (SCRIPTS[k] === v) scripts.push(k);
    else variable[k] = v;
  }
  return {
    config,
    workspace,
    hash: contentHash(variable, scripts.join(','), SCRIPTS_HASH, workspace, input.context.configRefDigest),
  };
}
