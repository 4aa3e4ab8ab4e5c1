// client-go's workqueue_* metrics with controller-runtime's names and labels (name, controller).
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '../metrics/index.ts';
import type { QueueMetrics, QueueProbe } from './metrics-types.ts';

const labelNames = ['name', 'controller'] as const;
// controller-runtime's buckets: 10 ns to 1000 s, factor 10.
const buckets = Array.from({ length: 12 }, (_, i) => 1e-8 * 10 ** i);

/** Probes of live queues, sampled when the gauges are scraped. Keyed by queue name. */
const probes = new Map<string, QueueProbe>();

const depth = new Gauge({
  name: 'workqueue_depth',
  help: 'Current depth of workqueue',
  labelNames,
  registers: [metricsRegistry],
});
const adds = new Counter({
  name: 'workqueue_adds_total',
  help: 'Total number of adds handled by workqueue',
  labelNames,
  registers: [metricsRegistry],
});
const queueDuration = new Histogram({
  name: 'workqueue_queue_duration_seconds',
  help: 'How long in seconds an item stays in workqueue before being requested',
  labelNames,
  buckets,
  registers: [metricsRegistry],
});
const workDuration = new Histogram({
  name: 'workqueue_work_duration_seconds',
  help: 'How long in seconds processing an item from workqueue takes.',
  labelNames,
  buckets,
  registers: [metricsRegistry],
});
const retries = new Counter({
  name: 'workqueue_retries_total',
  help: 'Total number of retries handled by workqueue',
  labelNames,
  registers: [metricsRegistry],
});
new Gauge({
  name: 'workqueue_unfinished_work_seconds',
  help:
    "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. " +
    'Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at ' +
    'which this increases.',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const [name, probe] of probes) this.set({ name, controller: name }, probe.unfinishedWorkSeconds());
  },
});
new Gauge({
  name: 'workqueue_longest_running_processor_seconds',
  help: 'How many seconds has the longest running processor for workqueue been running.',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const [name, probe] of probes)
      this.set({ name, controller: name }, probe.longestRunningProcessorSeconds());
  },
});

/** Metrics for the queue of controller `name` (controller-runtime labels both name and controller with it). */
export function prometheusQueueMetrics(name: string): QueueMetrics {
  const labels = { name, controller: name };
  let attached: QueueProbe | undefined;
  return {
    added: () => adds.inc(labels),
    depth: (n) => depth.set(labels, n),
    queued: (s) => queueDuration.observe(labels, s),
    worked: (s) => workDuration.observe(labels, s),
    retried: () => retries.inc(labels),
    attach: (probe) => {
      attached = probe;
      probes.set(name, probe);
    },
    detach: () => {
      // A newer queue of the same name (a restarted controller) keeps its probe.
      if (attached && probes.get(name) === attached) probes.delete(name);
      attached = undefined;
    },
  };
}
