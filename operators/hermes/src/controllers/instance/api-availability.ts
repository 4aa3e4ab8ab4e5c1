// Which optional APIs the cluster serves (prometheus-operator's ServiceMonitor and PrometheusRule):
// a missing one is a condition on the instance, never a crash loop or a failed reconcile. Answers
// are cached for a while so a missing kind does not cost a discovery request per reconcile.
import { isNoKindMatch } from '@agent-operators/runtime/client';
import type { KubeClient } from '@agent-operators/runtime/client';

export class ApiAvailability {
  readonly #client: KubeClient;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #cache = new Map<string, { served: boolean; at: number }>();

  constructor(client: KubeClient, ttlMs: number, now: () => number = Date.now) {
    this.#client = client;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  async served(apiVersion: string, kind: string): Promise<boolean> {
    const id = `${apiVersion}/${kind}`;
    const hit = this.#cache.get(id);
    if (hit && (hit.served || this.#now() - hit.at < this.#ttlMs)) return hit.served;
    let served: boolean;
    try {
      await this.#client.resourceFor(apiVersion, kind);
      served = true;
    } catch (err) {
      if (!isNoKindMatch(err)) throw err;
      served = false;
    }
    this.#cache.set(id, { served, at: this.#now() });
    return served;
  }
}
