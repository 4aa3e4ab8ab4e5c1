import { describe, expect, it } from 'vitest';
import type { KubeObject, OwnerReference } from '../../../src/client/types.ts';
import {
  groupOf,
  requestForControllerOwner,
  requestForObject,
  requestFromKey,
  requestKey,
} from '../../../src/controller/requests.ts';

const child = (namespace: string | undefined, refs: OwnerReference[]): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', ...(namespace ? { namespace } : {}), ownerReferences: refs },
});

describe('requests', () => {
  it('round-trips keys for namespaced and cluster-scoped requests', () => {
    expect(requestKey({ namespace: 'ns', name: 'a' })).toBe('ns/a');
    expect(requestKey({ name: 'a' })).toBe('a');
    expect(requestFromKey('ns/a')).toEqual({ namespace: 'ns', name: 'a' });
    expect(requestFromKey('a')).toEqual({ name: 'a' });
  });

  it('derives the API group from apiVersion', () => {
    expect(groupOf('v1')).toBe('');
    expect(groupOf('apps/v1')).toBe('apps');
    expect(groupOf('hermes.agent/v1')).toBe('hermes.agent');
  });

  it('maps an object to itself', () => {
    expect(requestForObject(child('ns', []))).toEqual([{ namespace: 'ns', name: 'c' }]);
    expect(requestForObject(child(undefined, []))).toEqual([{ name: 'c' }]);
  });

  it('maps to the controller owner only, by group and kind, ignoring version', () => {
    const toOwner = requestForControllerOwner('hermes.agent', 'HermesInstance', true);
    const ref = (apiVersion: string, kind: string, controller?: boolean): OwnerReference => ({
      apiVersion,
      kind,
      name: 'owner',
      uid: 'u',
      ...(controller !== undefined ? { controller } : {}),
    });
    expect(toOwner(child('ns', [ref('hermes.agent/v1', 'HermesInstance', true)]))).toEqual([
      { namespace: 'ns', name: 'owner' },
    ]);
    expect(toOwner(child('ns', [ref('hermes.agent/v2', 'HermesInstance', true)]))).toHaveLength(1);
    expect(toOwner(child('ns', [ref('hermes.agent/v1', 'HermesInstance')]))).toEqual([]);
    expect(toOwner(child('ns', [ref('other.agent/v1', 'HermesInstance', true)]))).toEqual([]);
    expect(toOwner(child('ns', [ref('hermes.agent/v1', 'Other', true)]))).toEqual([]);
    expect(requestForControllerOwner('', 'Node', false)(child('ns', [ref('v1', 'Node', true)]))).toEqual([
      { name: 'owner' },
    ]);
  });
});
