import { describe, expect, it } from 'vitest';
import { metricsRegistry } from '../../../src/metrics/index.ts';
import { FakeClock } from '../../../src/queue/fake-clock.ts';
import { prometheusQueueMetrics } from '../../../src/queue/metrics.ts';
import { WorkQueue } from '../../../src/queue/work-queue.ts';

describe('prometheusQueueMetrics', () => {
  it("exposes controller-runtime's workqueue metric names with name and controller labels", async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock, metrics: prometheusQueueMetrics('prom-test') });
    q.add('a');
    q.add('b');
    q.tryGet();
    clock.advance(3000);
    q.addRateLimited('c');
    const text = await metricsRegistry.metrics();
    const labels = '{name="prom-test",controller="prom-test"}';
    expect(text).toContain(`workqueue_depth${labels} 1`);
    expect(text).toContain(`workqueue_adds_total${labels} 2`);
    expect(text).toContain(`workqueue_retries_total${labels} 1`);
    expect(text).toContain(`workqueue_unfinished_work_seconds${labels} 3`);
    expect(text).toContain(`workqueue_longest_running_processor_seconds${labels} 3`);
    expect(text).toMatch(
      /workqueue_queue_duration_seconds_count\{name="prom-test",controller="prom-test"\} 1/,
    );
    q.done('a');
    expect(await metricsRegistry.metrics()).toMatch(
      /workqueue_work_duration_seconds_sum\{name="prom-test",controller="prom-test"\} 3\n/,
    );
    q.shutDown();
  });
});
