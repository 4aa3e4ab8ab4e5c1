import { describe, expect, it } from 'vitest';
import {
  AlreadyOwnedError,
  getControllerOf,
  setControllerReference,
  setOwnerReference,
} from '../../../src/apply/owner-references.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { configMap } from './fixtures.ts';

const owner = (uid: string, ns = 'ns'): KubeObject => ({
  apiVersion: 'hermes.agent/v1',
  kind: 'HermesInstance',
  metadata: { name: `inst-${uid}`, namespace: ns, uid },
});

describe('owner references', () => {
  it('sets a controller reference with blockOwnerDeletion, keeping other owners', () => {
    const child = configMap('ns');
    child.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'x' }];
    setControllerReference(owner('a'), child);
    expect(child.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'x' },
      {
        apiVersion: 'hermes.agent/v1',
        kind: 'HermesInstance',
        name: 'inst-a',
        uid: 'a',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(getControllerOf(child)?.uid).toBe('a');
    setControllerReference(owner('a'), child); // idempotent
    expect(child.metadata.ownerReferences).toHaveLength(2);
  });

  it('refuses a second controller, another namespace, or an owner without uid', () => {
    const child = setControllerReference(owner('a'), configMap('ns'));
    expect(() => setControllerReference(owner('b'), child)).toThrow(AlreadyOwnedError);
    expect(() => setControllerReference(owner('c', 'other'), configMap('ns'))).toThrow(/one namespace/);
    expect(() => setControllerReference({ ...owner('d'), metadata: { name: 'x' } }, configMap('ns'))).toThrow(
      /uid/,
    );
  });

  it('adds a plain owner reference without controller', () => {
    const child = setOwnerReference(owner('a'), configMap('ns'));
    expect(child.metadata.ownerReferences).toEqual([
      { apiVersion: 'hermes.agent/v1', kind: 'HermesInstance', name: 'inst-a', uid: 'a' },
    ]);
  });
});
