// Shared bits of the cache integration tests: ConfigMaps and an event recorder. Namespaces come
// from @agent-operators/testing.
import type { EventHandler } from '../../../src/cache/types.ts';
import type { KubeClient, KubeObject } from '../../../src/client/types.ts';

export function configMap(namespace: string, name: string, data: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data };
}

export async function updateData(
  client: KubeClient,
  namespace: string,
  name: string,
  data: Record<string, string>,
): Promise<KubeObject> {
  return client.patch({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name }, 'merge', { data });
}

export async function deleteConfigMap(client: KubeClient, namespace: string, name: string): Promise<void> {
  await client.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name });
}

/** Handler calls as strings: `add a`, `add a initial`, `update a`, `delete a`, `delete a unknown`. */
export function recordEvents(): { events: string[]; handler: EventHandler } {
  const events: string[] = [];
  return {
    events,
    handler: {
      onAdd: (o, initial) => events.push(`add ${o.metadata.name}${initial ? ' initial' : ''}`),
      onUpdate: (old, cur) => {
        if (old.metadata.resourceVersion !== cur.metadata.resourceVersion)
          events.push(`update ${cur.metadata.name}`);
      },
      onDelete: (o, unknown) => events.push(`delete ${o.metadata.name}${unknown ? ' unknown' : ''}`),
    },
  };
}

/** The server's view of a namespace's ConfigMaps as name -> resourceVersion. */
export async function serverState(client: KubeClient, namespace: string): Promise<Record<string, string>> {
  const { items } = await client.listAll({ apiVersion: 'v1', kind: 'ConfigMap', namespace });
  return Object.fromEntries(items.map((o) => [o.metadata.name!, o.metadata.resourceVersion!]));
}

export function cacheState(objs: KubeObject[]): Record<string, string> {
  return Object.fromEntries(objs.map((o) => [o.metadata.name!, o.metadata.resourceVersion!]));
}
