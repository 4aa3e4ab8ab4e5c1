// The one Prometheus registry the runtime's metrics live in. Not prom-client's global registry, so
// an operator embedding the runtime decides what it exposes and tests can read values in isolation.
import { Registry } from 'prom-client';

export const metricsRegistry = new Registry();
