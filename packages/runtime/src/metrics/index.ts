export { metricsRegistry } from './registry.ts';
export {
  restClientRequestsTotal,
  restClientRequestDurationSeconds,
  restClientRateLimiterDurationSeconds,
} from './rest-client.ts';
