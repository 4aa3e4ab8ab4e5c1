// The README's example controller, run against the real API server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually } from '@agent-operators/testing';
import { startMirrorController } from '../../examples/configmap-mirror.ts';
import { createKubeClient, type KubeClient, type KubeObject, type Manager } from '../../src/index.ts';

let ns = '';
const ref = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', name, namespace: ns });
type CM = KubeObject & { data?: Record<string, string> };

describe('README example: configmap-mirror', () => {
  let client: KubeClient;
  let manager: Manager;
  const mirrorData = async (want: string) => {
    const m = await client.get<CM>(ref('settings-mirror'));
    return m.data?.color === want ? m : undefined;
  };

  beforeAll(async () => {
    client = await createKubeClient({ kubeconfigPath: inject('kubeconfigPath') });
    ns = await createNamespace(client, 'mirror');
    manager = await startMirrorController({ kubeconfigPath: inject('kubeconfigPath'), handleSignals: false });
  });
  afterAll(async () => {
    await manager.stop();
    await deleteNamespace(client, ns);
  });

  it('mirrors, follows the source, reverts hand edits and recreates a deleted mirror', async () => {
    await client.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'settings', namespace: ns, labels: { 'example.dev/mirror': 'true' } },
      data: { color: 'red' },
    });
    const mirror = await eventually('the mirror', () => mirrorData('red'));
    expect(mirror.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'ConfigMap',
      name: 'settings',
      controller: true,
    });

    await client.patch(ref('settings'), 'merge', { data: { color: 'blue' } });
    await eventually('the mirror to follow the source', () => mirrorData('blue'));

    await client.patch(ref('settings-mirror'), 'merge', { data: { color: 'green' } });
    await eventually('the hand edit to be reverted', () => mirrorData('blue'));

    await client.delete(ref('settings-mirror'));
    await eventually('the mirror to come back', () => mirrorData('blue'));
  });
});
