// The ports an instance serves, by name: the container ports, the Service, the Ingress and the
// NetworkPolicy all derive from this one list.
import type { BuildInput } from './input.ts';

export type PortName = 'api' | 'dashboard' | 'metrics' | 'telegram' | 'whatsapp' | 'terminal';

export interface ServedPort {
  name: PortName;
  port: number;
  /** The container serving it. */
  container: 'hermes' | 'web-terminal';
  /** Reachable through the Ingress (and so from ingress controllers). */
  public: boolean;
}

export const DEFAULT_API_PORT = 8642;
export const DEFAULT_DASHBOARD_PORT = 9119;
export const DEFAULT_METRICS_PORT = 9464;
export const DEFAULT_TELEGRAM_WEBHOOK_PORT = 8443;
export const DEFAULT_WHATSAPP_CLOUD_PORT = 8090;
export const DEFAULT_TERMINAL_PORT = 7681;

export function apiServerEnabled(input: BuildInput): boolean {
  return input.spec.networking?.apiServer?.enabled ?? true;
}

export function metricsEnabled(input: BuildInput): boolean {
  return input.spec.observability?.metrics?.enabled ?? false;
}

export function servedPorts(input: BuildInput): ServedPort[] {
  const { spec } = input;
  const net = spec.networking;
  const out: ServedPort[] = [];
  if (apiServerEnabled(input)) {
    out.push({
      name: 'api',
      port: net?.apiServer?.port ?? DEFAULT_API_PORT,
      container: 'hermes',
      public: true,
    });
  }
  if (net?.dashboard?.enabled) {
    out.push({
      name: 'dashboard',
      port: net.dashboard.port ?? DEFAULT_DASHBOARD_PORT,
      container: 'hermes',
      public: true,
    });
  }
  if (metricsEnabled(input)) {
    out.push({
      name: 'metrics',
      port: spec.observability?.metrics?.port ?? DEFAULT_METRICS_PORT,
      container: 'hermes',
      public: false,
    });
  }
  const tg = spec.gateways?.telegram;
  if (tg?.enabled && tg.mode === 'webhook' && tg.webhook) {
    out.push({
      name: 'telegram',
      port: tg.webhook.port ?? DEFAULT_TELEGRAM_WEBHOOK_PORT,
      container: 'hermes',
      public: true,
    });
  }
  const wa = spec.gateways?.whatsapp;
  if (wa?.enabled && wa.cloudApi) {
    out.push({
      name: 'whatsapp',
      port: wa.cloudApi.port ?? DEFAULT_WHATSAPP_CLOUD_PORT,
      container: 'hermes',
      public: true,
    });
  }
  if (spec.webTerminal?.enabled) {
    out.push({
      name: 'terminal',
      port: spec.webTerminal.port ?? DEFAULT_TERMINAL_PORT,
      container: 'web-terminal',
      public: false,
    });
  }
  return out;
}
