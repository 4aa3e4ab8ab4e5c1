// `hermes-operator run`: the operator process. Flags follow controller-runtime's names where one
// exists (--metrics-bind-address, --health-probe-bind-address, --leader-elect).
import { parseArgs } from 'node:util';
import { createLogger } from '@agent-operators/runtime/logging';
import type { Level } from 'pino';
import { createHermesOperator } from '../operator.ts';
import type { HermesOperatorOptions, WebhookCertificates } from '../operator.ts';
import type { CliIo, Command } from './io.ts';
import { UsageError } from './io.ts';

export const RUN_USAGE = `Usage: hermes-operator run [options]

Runs the controllers (on the elected leader), the admission webhooks, health and metrics endpoints.

Cluster:
  --kubeconfig PATH                 kubeconfig (default: KUBECONFIG, ~/.kube/config or in-cluster)
  --namespaces NS[,NS...]           watch only these namespaces (default: all; env WATCH_NAMESPACES)
  --kube-api-qps N                  client-side rate limit (default 20)
  --kube-api-burst N                client-side burst (default 30)
Leader election:
  --leader-elect[=true|false]       elect a leader through a Lease (default true)
  --leader-election-namespace NS    Lease namespace (default: the operator namespace)
  --leader-election-id NAME         Lease name (default hermes-operator-leader)
Endpoints:
  --metrics-bind-address ADDR       /metrics, host:port or 0 to disable (default :8443)
  --metrics-secure[=true|false]     serve metrics over HTTPS (default true)
  --metrics-cert-dir DIR            tls.crt and tls.key for metrics (default: self-signed)
  --health-probe-bind-address ADDR  /healthz and /readyz (default :8081)
Webhooks:
  --enable-webhooks[=true|false]    serve the admission webhooks (default true)
  --webhook-port N                  (default 9443)
  --webhook-cert-dir DIR            serve tls.crt/tls.key from DIR (cert-manager); otherwise self-managed:
  --webhook-secret-name NAME        Secret holding the self-managed CA (default hermes-operator-webhook-ca)
  --webhook-service-name NAME       Service in front of the webhooks (default hermes-operator-webhook)
  --webhook-service-namespace NS    its namespace (default: the operator namespace)
  --webhook-host IP[,IP...]         extra IP SANs, e.g. 127.0.0.1 when the API server calls a URL
  --webhook-configuration-name NAME the webhook configurations (<NAME>-mutating, -validating) that get the
                                    self-managed CA bundle (default hermes-operator)
Behaviour:
  --operator-namespace NS           where the operator runs (default: env POD_NAMESPACE or hermes-system)
  --drift-period DURATION           reconcile converged instances again after this (default 5m)
  --selfconfig-ttl DURATION         delete finished HermesSelfConfigs after this (default 24h)
  --max-concurrent-reconciles N     HermesInstance workers (default 1)
  --log-level LEVEL                 trace, debug, info, warn, error (default info; env LOG_LEVEL)
`;

/** `90s`, `5m`, `1h30m`, `24h`, `500ms` -> milliseconds. */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const re = /([0-9]+(?:\.[0-9]+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = 0;
  for (const m of text.matchAll(re)) {
    if (m.index !== consumed) break;
    total += Number(m[1]) * units[m[2]!]!;
    consumed += m[0].length;
  }
  if (consumed === 0 || consumed !== text.length)
    throw new UsageError(`invalid duration "${text}" (e.g. 30s, 5m, 24h)`);
  return total;
}

function parseBool(name: string, value: string | undefined, def: boolean): boolean {
  if (value === undefined) return def;
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`--${name} takes true or false, not "${value}"`);
}

function parseInt10(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} takes a number, not "${value}"`);
  return n;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `--flag=false` style booleans are strings to parseArgs; bare `--flag` means true. */
function normalizeBooleanFlags(args: string[], names: readonly string[]): string[] {
  return args.map((a) => (names.includes(a.replace(/^--/, '')) ? `${a}=true` : a));
}

const BOOL_FLAGS = ['leader-elect', 'metrics-secure', 'enable-webhooks'] as const;

export function parseRunArgs(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): HermesOperatorOptions & { help?: boolean } {
  const { values } = parseArgs({
    args: normalizeBooleanFlags(args, BOOL_FLAGS),
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      kubeconfig: { type: 'string' },
      namespaces: { type: 'string' },
      'kube-api-qps': { type: 'string' },
      'kube-api-burst': { type: 'string' },
      'leader-elect': { type: 'string' },
      'leader-election-namespace': { type: 'string' },
      'leader-election-id': { type: 'string' },
      'metrics-bind-address': { type: 'string' },
      'metrics-secure': { type: 'string' },
      'metrics-cert-dir': { type: 'string' },
      'health-probe-bind-address': { type: 'string' },
      'enable-webhooks': { type: 'string' },
      'webhook-port': { type: 'string' },
      'webhook-cert-dir': { type: 'string' },
      'webhook-secret-name': { type: 'string' },
      'webhook-service-name': { type: 'string' },
      'webhook-service-namespace': { type: 'string' },
      'webhook-host': { type: 'string' },
      'webhook-configuration-name': { type: 'string' },
      'operator-namespace': { type: 'string' },
      'drift-period': { type: 'string' },
      'selfconfig-ttl': { type: 'string' },
      'max-concurrent-reconciles': { type: 'string' },
      'log-level': { type: 'string' },
    },
  });
  if (values.help) return { help: true };
  const operatorNamespace = values['operator-namespace'] ?? env['POD_NAMESPACE'] ?? 'hermes-system';
  const opts: HermesOperatorOptions = { operatorNamespace };
  if (values.kubeconfig) opts.kubeconfigPath = values.kubeconfig;
  const namespaces = list(values.namespaces ?? env['WATCH_NAMESPACES']);
  if (namespaces.length) opts.namespaces = namespaces;
  const qps = parseInt10('kube-api-qps', values['kube-api-qps']);
  const burst = parseInt10('kube-api-burst', values['kube-api-burst']);
  if (qps !== undefined) opts.qps = qps;
  if (burst !== undefined) opts.burst = burst;
  opts.leaderElection = {
    enabled: parseBool('leader-elect', values['leader-elect'], true),
    namespace: values['leader-election-namespace'] ?? operatorNamespace,
    name: values['leader-election-id'] ?? 'hermes-operator-leader',
  };
  const metricsAddress = values['metrics-bind-address'] ?? ':8443';
  if (metricsAddress !== '0') {
    const certDir = values['metrics-cert-dir'];
    opts.metrics = {
      address: metricsAddress,
      secure: parseBool('metrics-secure', values['metrics-secure'], true),
      ...(certDir ? { certFile: `${certDir}/tls.crt`, keyFile: `${certDir}/tls.key` } : {}),
    };
  }
  const health = values['health-probe-bind-address'] ?? ':8081';
  if (health !== '0') opts.healthAddress = health;
  if (parseBool('enable-webhooks', values['enable-webhooks'], true)) {
    const certDir = values['webhook-cert-dir'];
    const hosts = list(values['webhook-host']);
    const certificates: WebhookCertificates = certDir
      ? { mode: 'files', dir: certDir }
      : {
          mode: 'self-managed',
          secret: {
            namespace: operatorNamespace,
            name: values['webhook-secret-name'] ?? 'hermes-operator-webhook-ca',
          },
          service: {
            namespace: values['webhook-service-namespace'] ?? operatorNamespace,
            name: values['webhook-service-name'] ?? 'hermes-operator-webhook',
          },
          ...(hosts.length ? { ipAddresses: hosts } : {}),
          ...(values['webhook-configuration-name']
            ? { configurationName: values['webhook-configuration-name'] }
            : {}),
        };
    opts.webhook = { port: parseInt10('webhook-port', values['webhook-port']) ?? 9443, certificates };
  }
  if (values['drift-period']) opts.driftPeriodMs = parseDuration(values['drift-period']);
  if (values['selfconfig-ttl']) opts.selfConfigTtlMs = parseDuration(values['selfconfig-ttl']);
  const workers = parseInt10('max-concurrent-reconciles', values['max-concurrent-reconciles']);
  if (workers !== undefined) {
    if (!Number.isInteger(workers) || workers < 1)
      throw new UsageError('--max-concurrent-reconciles must be >= 1');
    opts.maxConcurrentReconciles = workers;
  }
  const level = values['log-level'] ?? env['LOG_LEVEL'] ?? 'info';
  if (!['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(level)) {
    throw new UsageError(`--log-level: unknown level "${level}"`);
  }
  opts.logger = createLogger({ name: 'hermes-operator', level: level as Level });
  return opts;
}

export const run: Command = async (args: string[], io: CliIo): Promise<number> => {
  let opts: ReturnType<typeof parseRunArgs>;
  try {
    opts = parseRunArgs(args);
  } catch (err) {
    io.stderr(`hermes-operator run: ${(err as Error).message}\n\n${RUN_USAGE}`);
    return 2;
  }
  if (opts.help) {
    io.stdout(RUN_USAGE);
    return 0;
  }
  const logger = opts.logger!;
  const operator = await createHermesOperator({ ...opts, handleSignals: false });
  let exitCode = 0;
  const done = new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'Received signal; shutting down');
      operator.stop().then(resolve, (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        exitCode = 1;
        resolve();
      });
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  });
  try {
    await operator.start();
  } catch (err) {
    logger.fatal({ err }, 'the operator failed to start');
    await operator.stop().catch(() => undefined);
    return 1;
  }
  logger.info(
    { missingKinds: operator.missingKinds, webhooks: Boolean(operator.webhookServer) },
    'hermes-operator started',
  );
  await done;
  logger.info('hermes-operator stopped');
  // Everything is stopped; a keep-alive socket or a library timer must not hold the process.
  setTimeout(() => process.exit(exitCode), 1000).unref();
  return exitCode;
};
