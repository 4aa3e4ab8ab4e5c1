// Fixtures for the cluster tier: the examples, plus everything they reference (Secrets and
// ConfigMaps with the keys they name, the StorageClass maximal.yaml asks for), so an instance can
// reach Running on kwok nodes.
import type { HttpKubeClient, KubeObject } from '@agent-operators/runtime/client';
import { applyDefaults } from '../../../src/api/v1/defaults.ts';
import { referencedObjects } from '../../../src/controllers/instance/references.ts';
import type { ObjectKeyRef } from '../../../src/controllers/instance/references.ts';
import { example } from '../../integration/controllers/harness.ts';

/**
 * An example in `ns` under `name`. maximal.yaml loses its GPU request (kwok nodes have no GPUs)
 * and uses the kwok volume class (kwok provisions only that one).
 */
export function fixture(file: 'minimal.yaml' | 'maximal.yaml', name: string, ns: string): KubeObject {
  const obj = example(file);
  obj.metadata = { ...obj.metadata, name, namespace: ns };
  const spec = obj['spec'] as { ollama?: { gpu?: unknown }; storage?: { storageClassName?: string } };
  if (spec.ollama) delete spec.ollama.gpu;
  if (spec.storage?.storageClassName) spec.storage.storageClassName = 'kwok-volume';
  return obj;
}

function keysByName(refs: readonly ObjectKeyRef[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of refs) {
    const keys = out.get(r.name) ?? new Set<string>();
    keys.add(r.key ?? 'value');
    out.set(r.name, keys);
  }
  return out;
}

/** Creates every Secret and ConfigMap the instance references (idempotent). */
export async function createReferenced(client: HttpKubeClient, instance: KubeObject): Promise<void> {
  const ns = instance.metadata.namespace!;
  // Keys the spec leaves out are defaulted by the CRD schema: reference them as stored.
  const refs = referencedObjects(applyDefaults('HermesInstance', instance).spec);
  const objects: KubeObject[] = [];
  for (const [name, keys] of keysByName(refs.secrets)) {
    objects.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace: ns },
      stringData: Object.fromEntries(
        [...keys, 'username', 'password'].map((k) => [k, `test-${k}-0123456789`]),
      ),
    });
  }
  for (const [name, keys] of keysByName(refs.configMaps)) {
    objects.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace: ns },
      data: Object.fromEntries([...keys].map((k) => [k, k === 'config.yaml' ? 'model: {}\n' : 'test\n'])),
    });
  }
  for (const obj of objects) await client.apply(obj, { fieldManager: 'hermes-e2e', force: true });
}

/**
 * What maximal.yaml's scheduling asks of the cluster: PriorityClass `agents` and nodes labelled
 * node-role.kubernetes.io/agents (its required node affinity).
 */
export async function prepareSchedulingFor(client: HttpKubeClient, nodes: readonly string[]): Promise<void> {
  await client.apply(
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'agents' }, value: 1000 },
    { fieldManager: 'hermes-e2e', force: true },
  );
  for (const name of nodes) {
    await client.patch({ apiVersion: 'v1', kind: 'Node', name }, 'merge', {
      metadata: { labels: { 'node-role.kubernetes.io/agents': '' } },
    });
  }
}
