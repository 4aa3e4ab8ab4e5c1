// What the queue reports; the Prometheus implementation is in metrics.ts, tests use the no-op one.

/** Live state a metrics backend samples at scrape time (unfinished work, longest running item). */
export interface QueueProbe {
  /** Seconds of work in progress that has not called `done` yet, summed over items. */
  unfinishedWorkSeconds(): number;
  /** Seconds the longest-running item has been processing. */
  longestRunningProcessorSeconds(): number;
}

export interface QueueMetrics {
  added(): void;
  depth(n: number): void;
  /** Time an item waited in the ready queue before a worker took it. */
  queued(seconds: number): void;
  /** Time from `get` to `done`. */
  worked(seconds: number): void;
  retried(): void;
  attach(probe: QueueProbe): void;
  detach(): void;
}

export const noopQueueMetrics: QueueMetrics = {
  added() {},
  depth() {},
  queued() {},
  worked() {},
  retried() {},
  attach() {},
  detach() {},
};
