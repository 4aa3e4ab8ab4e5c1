export { WorkQueue } from './work-queue.ts';
export type { AddOptions, Priority, WorkQueueOptions } from './work-queue.ts';
export {
  ExponentialBackoffRateLimiter,
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
} from './rate-limiter.ts';
export type { RateLimiter, ExponentialBackoffOptions } from './rate-limiter.ts';
export { realClock } from './clock.ts';
export type { Clock, TimerHandle } from './clock.ts';
export { FakeClock } from './fake-clock.ts';
export { prometheusQueueMetrics } from './metrics.ts';
export { noopQueueMetrics } from './metrics-types.ts';
export type { QueueMetrics, QueueProbe } from './metrics-types.ts';
