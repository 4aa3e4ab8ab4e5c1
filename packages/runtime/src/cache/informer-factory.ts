// Shares informers between controllers: the same InformerKey always yields the same informer.
import type { KubeClient, KubeObject } from '../client/types.ts';
import { SharedInformer } from './shared-informer.ts';
import type { InformerOptions } from './shared-informer.ts';
import type { Informer, InformerFactory, InformerKey } from './types.ts';

/** The identity of an informer: everything in the key, with absent and empty parts alike. */
export function informerKeyId(key: InformerKey): string {
  return JSON.stringify([
    key.apiVersion,
    key.kind,
    key.namespace ?? '',
    key.labelSelector?.trim() ?? '',
    key.fieldSelector?.trim() ?? '',
  ]);
}

export class SharedInformerFactory implements InformerFactory {
  readonly #client: KubeClient;
  readonly #options: InformerOptions;
  readonly #informers = new Map<string, SharedInformer>();
  #started = false;
  #stopped = false;

  /** `options` apply to every informer this factory creates. */
  constructor(client: KubeClient, options: InformerOptions = {}) {
    this.#client = client;
    this.#options = options;
  }

  informerFor<T extends KubeObject = KubeObject>(key: InformerKey): Informer<T> {
    return this.sharedInformerFor<T>(key);
  }

  /** As `informerFor`, typed as the implementation (for its stats). */
  sharedInformerFor<T extends KubeObject = KubeObject>(key: InformerKey): SharedInformer<T> {
    const id = informerKeyId(key);
    let informer = this.#informers.get(id);
    if (!informer) {
      if (this.#stopped) throw new Error('cache: informer factory is stopped');
      informer = new SharedInformer(this.#client, key, this.#options);
      this.#informers.set(id, informer);
      // Informers asked for after start() start at once, as in controller-runtime.
      if (this.#started) informer.start();
    }
    // One informer serves every T asked for under this key; the caller names the shape it expects.
    return informer as unknown as SharedInformer<T>;
  }

  informers(): SharedInformer[] {
    return [...this.#informers.values()];
  }

  start(): void {
    if (this.#stopped) throw new Error('cache: informer factory is stopped');
    this.#started = true;
    for (const informer of this.#informers.values()) informer.start();
  }

  async waitForSync(timeoutMs: number): Promise<void> {
    await Promise.all([...this.#informers.values()].map((i) => i.waitForSync(timeoutMs)));
  }

  allSynced(): boolean {
    for (const informer of this.#informers.values()) if (!informer.hasSynced()) return false;
    return true;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all([...this.#informers.values()].map((i) => i.stop()));
  }
}
