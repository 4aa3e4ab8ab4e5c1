// Client-side request timeouts, the "too large resource version" answer, and the QPS limiter,
// measured by counting requests rather than by tight wall-clock assertions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace } from '@agent-operators/testing';
import { GoneError, TimeoutError, isTimeout } from '../../../src/client/index.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { metricsRegistry } from '../../../src/metrics/index.ts';
import { adminClient, configMap } from './helpers.ts';

let admin: HttpKubeClient;
let ns: string;
const cmKind = { apiVersion: 'v1', kind: 'ConfigMap' };
// The API server holds a read at a future resourceVersion for up to ~3 s before answering 504.
const FUTURE_RV = '999999999';

beforeAll(async () => {
  admin = await adminClient();
  ns = await createNamespace(admin, 'client-limits');
  await admin.create(configMap(ns, 'target'));
});

afterAll(async () => {
  await deleteNamespace(admin, ns);
  admin.close();
});

describe('timeouts', () => {
  it('"too large resource version" is a GoneError (relist from scratch)', async () => {
    const err: unknown = await admin
      .list(
        { ...cmKind, namespace: ns },
        { resourceVersion: FUTURE_RV, resourceVersionMatch: 'NotOlderThan' },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GoneError);
    expect((err as GoneError).statusCode).toBe(504);
    expect((err as GoneError).causes.map((c) => c.reason)).toContain('ResourceVersionTooLarge');
  });

  it('a request with no answer within timeoutMs throws a client-side TimeoutError', async () => {
    const start = performance.now();
    const err: unknown = await admin
      .list(
        { ...cmKind, namespace: ns },
        { resourceVersion: FUTURE_RV, resourceVersionMatch: 'NotOlderThan', timeoutMs: 300 },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(isTimeout(err)).toBe(true);
    expect((err as TimeoutError).statusCode).toBe(0);
    expect(performance.now() - start).toBeLessThan(2_500);
    // The client's default timeout applies too.
    const quick = await adminClient({ timeoutMs: 200 });
    await expect(
      quick.list(
        { ...cmKind, namespace: ns },
        { resourceVersion: FUTURE_RV, resourceVersionMatch: 'NotOlderThan' },
      ),
    ).rejects.toBeInstanceOf(TimeoutError);
    // And the client still works after a timed-out request.
    await expect(quick.get({ ...cmKind, namespace: ns, name: 'target' })).resolves.toBeTruthy();
    quick.close();
  });

  it('an aborted request rejects with the abort reason', async () => {
    const ac = new AbortController();
    const p = admin.list(
      { ...cmKind, namespace: ns },
      { resourceVersion: FUTURE_RV, resourceVersionMatch: 'NotOlderThan', signal: ac.signal },
    );
    setTimeout(() => ac.abort(new Error('caller gave up')), 100);
    await expect(p).rejects.toThrow('caller gave up');
  });
});

describe('client-side rate limit', () => {
  it('holds requests beyond the burst to the configured QPS', async () => {
    const limited = await adminClient({ qps: 10, burst: 5 });
    try {
      // Warm discovery so the counted requests are all GETs of the object.
      await limited.resourceFor('v1', 'ConfigMap');
      let done = 0;
      const start = performance.now();
      const all = Array.from({ length: 20 }, () =>
        limited.get({ ...cmKind, namespace: ns, name: 'target' }).then(() => (done += 1)),
      );
      await new Promise((r) => setTimeout(r, 500));
      const inFirstHalfSecond = done;
      await Promise.all(all);
      const elapsed = performance.now() - start;
      // Discovery took one token; 4 left of the burst, then 10/s: ~9 by 0.5 s. Never 20.
      expect(inFirstHalfSecond).toBeLessThanOrEqual(5 + 5 + 1);
      expect(inFirstHalfSecond).toBeGreaterThanOrEqual(3);
      // 20 requests with 4 burst tokens left need >= 1.6 s at 10/s.
      expect(elapsed).toBeGreaterThanOrEqual(1_500);
      const waited = await metricsRegistry
        .getSingleMetric('rest_client_rate_limiter_duration_seconds')
        ?.get();
      const count = waited?.values.find(
        (v) =>
          (v as { metricName?: string }).metricName === 'rest_client_rate_limiter_duration_seconds_count',
      );
      expect(count?.value).toBeGreaterThanOrEqual(20);
    } finally {
      limited.close();
    }
  });
});

describe('metrics', () => {
  it('exposes rest_client_* in the shared registry', async () => {
    const text = await metricsRegistry.metrics();
    const host = new URL(admin.server).host;
    expect(text).toContain(`rest_client_requests_total{code="200",method="GET",host="${host}"}`);
    expect(text).toContain(`rest_client_requests_total{code="201",method="POST",host="${host}"}`);
    expect(text).toContain(`rest_client_request_duration_seconds_bucket{le="0.1",verb="GET",host="${host}"}`);
  });
});
