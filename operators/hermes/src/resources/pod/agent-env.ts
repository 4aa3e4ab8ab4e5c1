// Environment of the agent container: HERMES_HOME and s6 settings, the API server, dashboard,
// gateway tokens (from their Secrets, names per the hermes-agent docs), Honcho, Ollama,
// OpenTelemetry, logging, extra Python packages and CA bundle. spec.env is merged by name and
// wins (the schema's contract): a user value replaces ours in place, new names are appended.
import type { BuildInput } from '../input.ts';
import type { EnvVar } from '../k8s-types.ts';
import {
  DEFAULT_METRICS_PORT,
  DEFAULT_TELEGRAM_WEBHOOK_PORT,
  apiServerEnabled,
  metricsEnabled,
} from '../ports.ts';
import { API_KEY_SECRET_KEY } from '../secret-api-key.ts';
import { honchoBaseUrl } from '../honcho/common.ts';
import { normalizeEnv } from './defaults.ts';
import { CA_BUNDLE_FILE, HERMES_HOME, OLLAMA_PORT, SIGNAL_DEFAULT_PORT, XDG_CONFIG_HOME } from './layout.ts';
import { runtimePythonPath } from './runtime.ts';

const value = (name: string, v: string): EnvVar => ({ name, value: v });

const fromSecret = (
  name: string,
  ref: { name: string; key?: string | undefined },
  defaultKey: string,
): EnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: ref.name, key: ref.key ?? defaultKey } },
});

const list = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined);

function pushIf(env: EnvVar[], name: string, v: string | undefined) {
  if (v !== undefined) env.push(value(name, v));
}

function gatewayEnv(input: BuildInput, env: EnvVar[]) {
  const gw = input.spec.gateways;
  const tg = gw?.telegram;
  if (tg?.enabled && tg.botTokenSecretRef) {
    env.push(fromSecret('TELEGRAM_BOT_TOKEN', tg.botTokenSecretRef, 'TELEGRAM_BOT_TOKEN'));
    pushIf(env, 'TELEGRAM_ALLOWED_USERS', list(tg.allowedUsers));
    if (tg.mode === 'webhook' && tg.webhook) {
      env.push(value('TELEGRAM_WEBHOOK_URL', tg.webhook.url));
      env.push(value('TELEGRAM_WEBHOOK_PORT', String(tg.webhook.port ?? DEFAULT_TELEGRAM_WEBHOOK_PORT)));
      if (tg.webhook.secretTokenSecretRef) {
        env.push(
          fromSecret('TELEGRAM_WEBHOOK_SECRET', tg.webhook.secretTokenSecretRef, 'TELEGRAM_WEBHOOK_SECRET'),
        );
      }
    }
  }
  const dc = gw?.discord;
  if (dc?.enabled && dc.botTokenSecretRef) {
    env.push(fromSecret('DISCORD_BOT_TOKEN', dc.botTokenSecretRef, 'DISCORD_BOT_TOKEN'));
    pushIf(env, 'DISCORD_ALLOWED_USERS', list(dc.allowedUsers));
    pushIf(env, 'DISCORD_ALLOWED_ROLES', list(dc.allowedRoles));
  }
  const sl = gw?.slack;
  if (sl?.enabled && sl.botTokenSecretRef && sl.appTokenSecretRef) {
    env.push(fromSecret('SLACK_BOT_TOKEN', sl.botTokenSecretRef, 'SLACK_BOT_TOKEN'));
    env.push(fromSecret('SLACK_APP_TOKEN', sl.appTokenSecretRef, 'SLACK_APP_TOKEN'));
    pushIf(env, 'SLACK_ALLOWED_USERS', list(sl.allowedUsers));
  }
  const wa = gw?.whatsapp;
  if (wa?.enabled) {
    env.push(value('WHATSAPP_ENABLED', 'true'));
    pushIf(env, 'WHATSAPP_MODE', wa.mode);
    pushIf(env, 'WHATSAPP_ALLOWED_USERS', list(wa.allowedUsers));
    if (wa.cloudApi) {
      env.push(
        fromSecret('WHATSAPP_ACCESS_TOKEN', wa.cloudApi.accessTokenSecretRef, 'WHATSAPP_ACCESS_TOKEN'),
      );
    }
  }
  const sg = gw?.signal;
  if (sg?.enabled) {
    const url = sg.httpUrl ?? `http://127.0.0.1:${sg.sidecar?.port ?? SIGNAL_DEFAULT_PORT}`;
    env.push(value('SIGNAL_HTTP_URL', url));
    pushIf(env, 'SIGNAL_ACCOUNT', sg.account);
    pushIf(env, 'SIGNAL_ALLOWED_USERS', list(sg.allowedUsers));
  }
}

function observabilityEnv(input: BuildInput, env: EnvVar[]) {
  const obs = input.spec.observability;
  const otlp = obs?.otlp?.enabled ? obs.otlp : undefined;
  const metrics = metricsEnabled(input);
  if (otlp || metrics) {
    env.push(value('OTEL_SERVICE_NAME', 'hermes-agent'));
    env.push(
      value(
        'OTEL_RESOURCE_ATTRIBUTES',
        `service.instance.id=${input.name},k8s.namespace.name=${input.namespace}`,
      ),
    );
  }
  if (otlp?.endpoint) {
    env.push(value('OTEL_EXPORTER_OTLP_ENDPOINT', otlp.endpoint));
    env.push(value('OTEL_EXPORTER_OTLP_PROTOCOL', otlp.protocol ?? 'http/protobuf'));
    if (otlp.headersSecretRef) {
      env.push(fromSecret('OTEL_EXPORTER_OTLP_HEADERS', otlp.headersSecretRef, 'OTEL_EXPORTER_OTLP_HEADERS'));
    }
    env.push(value('OTEL_TRACES_EXPORTER', 'otlp'));
  }
  if (otlp || metrics) {
    env.push(
      value(
        'OTEL_METRICS_EXPORTER',
        [otlp ? 'otlp' : '', metrics ? 'prometheus' : ''].filter(Boolean).join(','),
      ),
    );
  }
  if (metrics) {
    env.push(value('OTEL_EXPORTER_PROMETHEUS_HOST', '0.0.0.0'));
    env.push(value('OTEL_EXPORTER_PROMETHEUS_PORT', String(obs?.metrics?.port ?? DEFAULT_METRICS_PORT)));
  }
  env.push(value('HERMES_LOG_LEVEL', obs?.logging?.level ?? 'INFO'));
  env.push(value('HERMES_LOG_FORMAT', obs?.logging?.format ?? 'json'));
}

/** Operator env first, then spec.env merged by name (user wins). */
export function mergeEnv(ours: EnvVar[], user: EnvVar[] | undefined): EnvVar[] {
  if (!user?.length) return ours;
  // Plain scans, not a Map and a Set: both lists are short, and this runs on every build.
  const out = ours.slice();
  for (const e of user) {
    let replaced = false;
    for (let i = 0; i < ours.length; i++) {
      // The last user entry of a name wins.
      if (ours[i]!.name === e.name) {
        out[i] = e;
        replaced = true;
      }
    }
    if (!replaced) out.push(e);
  }
  return normalizeEnv(out);
}

export function agentEnv(input: BuildInput): EnvVar[] {
  const { spec, names } = input;
  const env: EnvVar[] = [value('HERMES_HOME', HERMES_HOME), value('S6_READ_ONLY_ROOT', '1')];
  if (spec.security?.runAsNonRoot) env.push(value('HERMES_GATEWAY_NO_SUPERVISE', '1'));
  env.push(value('XDG_CONFIG_HOME', XDG_CONFIG_HOME));

  const api = spec.networking?.apiServer;
  if (apiServerEnabled(input)) {
    env.push(value('API_SERVER_ENABLED', 'true'), value('API_SERVER_HOST', '0.0.0.0'));
    env.push(value('API_SERVER_PORT', String(api?.port ?? 8642)));
    env.push(
      fromSecret('API_SERVER_KEY', api?.keySecretRef ?? { name: names.apiKeySecret }, API_KEY_SECRET_KEY),
    );
  }
  const dash = spec.networking?.dashboard;
  if (dash?.enabled) {
    env.push(value('HERMES_DASHBOARD', '1'), value('HERMES_DASHBOARD_HOST', '0.0.0.0'));
    env.push(value('HERMES_DASHBOARD_PORT', String(dash.port ?? 9119)));
    if (dash.basicAuthSecretRef) {
      env.push(fromSecret('HERMES_DASHBOARD_BASIC_AUTH_USERNAME', dash.basicAuthSecretRef, 'username'));
      env.push(fromSecret('HERMES_DASHBOARD_BASIC_AUTH_PASSWORD', dash.basicAuthSecretRef, 'password'));
    }
  }

  gatewayEnv(input, env);

  const ps = spec.profileStore;
  if (ps?.enabled) {
    pushIf(env, 'HONCHO_BASE_URL', honchoBaseUrl(input));
    if (ps.external?.apiKeySecretRef)
      env.push(fromSecret('HONCHO_API_KEY', ps.external.apiKeySecretRef, 'HONCHO_API_KEY'));
  }
  if (spec.ollama?.enabled) env.push(value('OLLAMA_HOST', `http://127.0.0.1:${OLLAMA_PORT}`));

  observabilityEnv(input, env);

  const pythonPath = runtimePythonPath(input);
  if (pythonPath) env.push(value('PYTHONPATH', pythonPath));
  if (spec.security?.caBundle) {
    env.push(value('SSL_CERT_FILE', CA_BUNDLE_FILE));
    env.push(value('REQUESTS_CA_BUNDLE', CA_BUNDLE_FILE));
    env.push(value('NODE_EXTRA_CA_CERTS', CA_BUNDLE_FILE));
  }
  return mergeEnv(env, spec.env);
}
