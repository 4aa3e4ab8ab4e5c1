// A complete controller: every ConfigMap labelled `example.dev/mirror=true` gets a copy named
// `<name>-mirror` that it owns. Edits to the source flow to the copy, hand edits to the copy are
// reverted, a deleted copy comes back, and deleting the source deletes the copy (garbage collector).
import { controllerFor, createManager, ensure, setControllerReference } from '@agent-operators/runtime';
import type { KubeObject, Manager, ManagerOptions } from '@agent-operators/runtime';

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

const configMaps = { apiVersion: 'v1', kind: 'ConfigMap' };
const sourceSelector = 'example.dev/mirror=true';
const mirrorSelector = 'example.dev/mirror-of';

export async function startMirrorController(opts: ManagerOptions = {}): Promise<Manager> {
  const manager = await createManager(opts);
  const sources = await manager.getInformer<ConfigMap>({ ...configMaps, labelSelector: sourceSelector });
  const mirrors = await manager.getInformer<ConfigMap>({ ...configMaps, labelSelector: mirrorSelector });

  const controller = controllerFor('configmap-mirror')
    .for(configMaps, { labelSelector: sourceSelector })
    .owns(configMaps, { labelSelector: mirrorSelector })
    .build(async ({ namespace, name }, { log }) => {
      const source = sources.store.get(`${namespace}/${name}`);
      if (!source) return; // gone: the garbage collector deletes the mirror
      const mirror = setControllerReference<ConfigMap>(source, {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `${name}-mirror`, namespace, labels: { [mirrorSelector]: name } },
        data: source.data ?? {},
      });
      const { result } = await ensure(manager.client, mirror, {
        current: mirrors.store.get(`${namespace}/${name}-mirror`),
      });
      if (result !== 'unchanged') log.info({ result }, 'mirror written');
      return { requeueAfter: 5 * 60_000 }; // look for drift every 5 minutes
    });

  manager.add(controller);
  await manager.start();
  return manager;
}

// Run it: node packages/runtime/examples/configmap-mirror.ts (uses KUBECONFIG or ~/.kube/config)
if (import.meta.url === `file://${process.argv[1]}`) await startMirrorController();
