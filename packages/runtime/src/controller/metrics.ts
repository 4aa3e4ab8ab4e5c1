// controller-runtime's controller_runtime_* metrics, labelled by controller name.
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '../metrics/index.ts';

export type ReconcileOutcome = 'success' | 'error' | 'requeue' | 'requeue_after';

const registers = [metricsRegistry];

export const reconcileTotal = new Counter({
  name: 'controller_runtime_reconcile_total',
  help: 'Total number of reconciliations per controller',
  labelNames: ['controller', 'result'] as const,
  registers,
});
export const reconcileErrors = new Counter({
  name: 'controller_runtime_reconcile_errors_total',
  help: 'Total number of reconciliation errors per controller',
  labelNames: ['controller'] as const,
  registers,
});
export const terminalReconcileErrors = new Counter({
  name: 'controller_runtime_terminal_reconcile_errors_total',
  help: 'Total number of terminal reconciliation errors per controller',
  labelNames: ['controller'] as const,
  registers,
});
export const reconcilePanics = new Counter({
  name: 'controller_runtime_reconcile_panics_total',
  help: 'Total number of reconciliation panics per controller',
  labelNames: ['controller'] as const,
  registers,
});
export const reconcileTime = new Histogram({
  name: 'controller_runtime_reconcile_time_seconds',
  help: 'Length of time per reconciliation per controller',
  labelNames: ['controller'] as const,
  // controller-runtime's buckets.
  buckets: [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25,
    1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
  ],
  registers,
});
export const maxConcurrentReconciles = new Gauge({
  name: 'controller_runtime_max_concurrent_reconciles',
  help: 'Maximum number of concurrent reconciles per controller',
  labelNames: ['controller'] as const,
  registers,
});
export const activeWorkers = new Gauge({
  name: 'controller_runtime_active_workers',
  help: 'Number of currently used workers per controller',
  labelNames: ['controller'] as const,
  registers,
});

/** Zero every series of a controller so dashboards see it before the first event (as controller-runtime does). */
export function initControllerMetrics(controller: string): void {
  for (const result of ['success', 'error', 'requeue', 'requeue_after'] satisfies ReconcileOutcome[]) {
    reconcileTotal.inc({ controller, result }, 0);
  }
  reconcileErrors.inc({ controller }, 0);
  terminalReconcileErrors.inc({ controller }, 0);
  reconcilePanics.inc({ controller }, 0);
  activeWorkers.set({ controller }, 0);
}
