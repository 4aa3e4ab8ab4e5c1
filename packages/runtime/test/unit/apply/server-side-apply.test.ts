import { describe, expect, it } from 'vitest';
import { applyConfiguration, applyObject } from '../../../src/apply/server-side-apply.ts';
import { createFakeClient } from './fake-client.ts';
import { configMap } from './fixtures.ts';

describe('applyObject', () => {
  it('strips server-owned metadata and status, and passes the field manager and force', async () => {
    const client = createFakeClient();
    const obj = {
      ...configMap('ns'),
      status: { x: 1 },
      metadata: {
        ...configMap('ns').metadata,
        resourceVersion: '9',
        uid: 'u',
        creationTimestamp: '2026-01-01T00:00:00Z',
        managedFields: [{}],
        generation: 2,
      },
    };
    await applyObject(client, obj, { fieldManager: 'hermes.agent/selfconfig', force: true });
    const [req] = client.requests;
    expect(req?.opts).toEqual({ fieldManager: 'hermes.agent/selfconfig', force: true });
    const sent = req?.body as typeof obj;
    expect(Object.keys(sent.metadata).sort()).toEqual(['labels', 'name', 'namespace']);
    expect(sent).not.toHaveProperty('status');
  });

  it('sends only identity and status to the status subresource', () => {
    const cfg = applyConfiguration({ ...configMap('ns'), status: { ready: true } }, 'status');
    expect(cfg).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'agent-config', namespace: 'ns' },
      status: { ready: true },
    });
  });

  it('refuses to apply without a field manager', async () => {
    const client = createFakeClient();
    await expect(applyObject(client, configMap('ns'), { fieldManager: '' })).rejects.toThrow(/fieldManager/);
    expect(client.requests).toEqual([]);
  });
});
