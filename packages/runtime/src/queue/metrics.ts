// client-go's workqueue_* metrics with controller-runtime's names and labels (name, controller).
//
// prom-client hashes the label set on every call, even through `.labels()` children, which cost
// several times the queue's own work per item. So counters and gauges are kept as plain numbers per
// queue and handed to prom-client when the registry is scraped (`collect`); only the two histograms
// are observed per item.
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '../metrics/index.ts';
import type { QueueMetrics, QueueProbe } from './metrics-types.ts';

const labelNames = ['name', 'controller'] as const;
// controller-runtime's buckets: 10 ns to 1000 s, factor 10.
const buckets = Array.from({ length: 12 }, (_, i) => 1e-8 * 10 ** i);

/** What one live queue has counted since the last scrape. */
interface QueueState {
  labels: { name: string; controller: string };
  adds: number;
  retries: number;
  depth: number;
  probe: QueueProbe | undefined;
}

/** Live queues by name; a restarted controller's new queue replaces its old one. */
const live = new Map<string, QueueState>();

const adds = new Counter({
  name: 'workqueue_adds_total',
  help: 'Total number of adds handled by workqueue',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const s of live.values()) flushCounters(s);
  },
});
const retries = new Counter({
  name: 'workqueue_retries_total',
  help: 'Total number of retries handled by workqueue',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const s of live.values()) flushCounters(s);
  },
});
const depth = new Gauge({
  name: 'workqueue_depth',
  help: 'Current depth of workqueue',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const s of live.values()) this.set(s.labels, s.depth);
  },
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
new Gauge({
  name: 'workqueue_unfinished_work_seconds',
  help:
    "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. " +
    'Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at ' +
    'which this increases.',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const s of live.values()) if (s.probe) this.set(s.labels, s.probe.unfinishedWorkSeconds());
  },
});
new Gauge({
  name: 'workqueue_longest_running_processor_seconds',
  help: 'How many seconds has the longest running processor for workqueue been running.',
  labelNames,
  registers: [metricsRegistry],
  collect() {
    for (const s of live.values()) if (s.probe) this.set(s.labels, s.probe.longestRunningProcessorSeconds());
  },
});

function flushCounters(s: QueueState): void {
  if (s.adds > 0) adds.inc(s.labels, s.adds);
  if (s.retries > 0) retries.inc(s.labels, s.retries);
  s.adds = 0;
  s.retries = 0;
}

/** Metrics for the queue of controller `name` (controller-runtime labels both name and controller with it). */
export function prometheusQueueMetrics(name: string): QueueMetrics {
  const labels = { name, controller: name };
  const state: QueueState = { labels, adds: 0, retries: 0, depth: 0, probe: undefined };
  const qd = queueDuration.labels(labels);
  const wd = workDuration.labels(labels);
  return {
    added: () => void state.adds++,
    depth: (n) => void (state.depth = n),
    queued: (s) => qd.observe(s),
    worked: (s) => wd.observe(s),
    retried: () => void state.retries++,
    attach: (probe) => {
      state.probe = probe;
      const previous = live.get(name);
      if (previous) flushCounters(previous);
      live.set(name, state);
    },
    detach: () => {
      // Counts made since the last scrape still count; the final depth is whatever shutdown left.
      flushCounters(state);
      depth.set(labels, state.depth);
      state.probe = undefined;
      if (live.get(name) === state) live.delete(name);
    },
  };
}
