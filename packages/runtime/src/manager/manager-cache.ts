// The manager's view of the cache: one shared informer per key, scoped to the watched namespaces.
import { informerKeyId } from '../cache/index.ts';
import type { Informer, InformerFactory, InformerKey } from '../cache/types.ts';
import type { KubeClient, KubeObject } from '../client/types.ts';
import type { InformerSource } from '../controller/types.ts';
import { MultiNamespaceInformer } from './multi-namespace-informer.ts';

export class ManagerCache implements InformerSource {
  readonly #client: KubeClient;
  readonly #factory: InformerFactory;
  readonly #namespaces: readonly string[];
  readonly #namespaced = new Map<string, Promise<boolean>>();
  readonly #views = new Map<string, Informer>();
  /** Every underlying informer handed out, for readiness (sync state and last error). */
  readonly #all = new Set<Informer>();

  /** `namespaces` empty: watch all namespaces. */
  constructor(client: KubeClient, factory: InformerFactory, namespaces: readonly string[]) {
    this.#client = client;
    this.#factory = factory;
    this.#namespaces = [...new Set(namespaces)];
  }

  get namespaces(): readonly string[] {
    return this.#namespaces;
  }

  isNamespaced(apiVersion: string, kind: string): Promise<boolean> {
    const id = `${apiVersion}/${kind}`;
    let p = this.#namespaced.get(id);
    if (!p) {
      p = this.#client.resourceFor(apiVersion, kind).then((r) => r.namespaced);
      // A failed discovery (CRD not installed yet) must not be cached forever.
      p.catch(() => this.#namespaced.delete(id));
      this.#namespaced.set(id, p);
    }
    return p;
  }

  /**
   * The informer for `key`. A key naming a namespace, a cluster-scoped kind, or a manager watching
   * all namespaces gets one shared informer; a namespaced kind under a namespace list gets one
   * informer per namespace behind a merged view.
   */
  async getInformer<T extends KubeObject = KubeObject>(key: InformerKey): Promise<Informer<T>> {
    if (key.namespace || this.#namespaces.length === 0) return this.#track(this.#factory.informerFor<T>(key));
    if (!(await this.isNamespaced(key.apiVersion, key.kind)))
      return this.#track(this.#factory.informerFor<T>(key));
    if (this.#namespaces.length === 1) {
      return this.#track(this.#factory.informerFor<T>({ ...key, namespace: this.#namespaces[0]! }));
    }
    const id = informerKeyId(key);
    let view = this.#views.get(id);
    if (!view) {
      const parts = new Map(
        this.#namespaces.map((namespace) => [
          namespace,
          this.#track(this.#factory.informerFor({ ...key, namespace })),
        ]),
      );
      view = new MultiNamespaceInformer(key, parts);
      this.#views.set(id, view);
    }
    // The view is built from informers of T (the factory hands one shape per key).
    return view as unknown as Informer<T>;
  }

  /** True when every informer handed out has synced and none reports an error. */
  readiness(): { ready: boolean; problems: string[] } {
    const problems: string[] = [];
    for (const i of this.#all) {
      const what = `${i.key.apiVersion}/${i.key.kind}${i.key.namespace ? ` in ${i.key.namespace}` : ''}`;
      if (!i.hasSynced()) problems.push(`${what}: not synced`);
      if (i.lastError) problems.push(`${what}: ${i.lastError.message}`);
    }
    return { ready: problems.length === 0, problems };
  }

  #track<T extends KubeObject>(informer: Informer<T>): Informer<T> {
    this.#all.add(informer);
    return informer;
  }
}
