// client-go's rest_client_* metrics, so dashboards built for Go operators work unchanged.
import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

/** Requests by HTTP status code (`<error>` when no response arrived), HTTP method and host. */
export const restClientRequestsTotal = new Counter({
  name: 'rest_client_requests_total',
  help: 'Number of HTTP requests, partitioned by status code, method, and host.',
  labelNames: ['code', 'method', 'host'] as const,
  registers: [metricsRegistry],
});

/** Request latency until the response headers arrived (for watches: until the stream opened). */
export const restClientRequestDurationSeconds = new Histogram({
  name: 'rest_client_request_duration_seconds',
  help: 'Request latency in seconds. Broken down by verb and host.',
  labelNames: ['verb', 'host'] as const,
  // client-go's buckets.
  buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [metricsRegistry],
});

/** Time spent waiting for the client-side rate limiter. */
export const restClientRateLimiterDurationSeconds = new Histogram({
  name: 'rest_client_rate_limiter_duration_seconds',
  help: 'Client side rate limiter latency in seconds. Broken down by verb and host.',
  labelNames: ['verb', 'host'] as const,
  buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [metricsRegistry],
});
