// The API server's Warning headers reach the caller through `onWarning`.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createNamespace, deleteNamespace } from '@agent-operators/testing';
import { createKubeClient } from '../../../src/client/index.ts';

describe('warnings', () => {
  let ns = '';
  const warnings: string[] = [];
  const clientP = createKubeClient({
    kubeconfigPath: inject('kubeconfigPath'),
    onWarning: (w) => warnings.push(w),
  });

  afterAll(async () => {
    const client = await clientP;
    if (ns) await deleteNamespace(client, ns);
    client.close();
  });

  it('hands each Warning header to onWarning', async () => {
    const client = await clientP;
    ns = await createNamespace(client, 'warn');
    // A deprecated node label in a pod's nodeSelector is accepted with a warning.
    await client.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'x', namespace: ns },
      spec: {
        nodeSelector: { 'beta.kubernetes.io/os': 'linux' },
        containers: [{ name: 'c', image: 'example/c:1' }],
      },
    });
    expect(warnings.some((w) => w.includes('beta.kubernetes.io/os'))).toBe(true);
  });
});
