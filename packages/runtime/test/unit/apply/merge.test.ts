import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/client/types.ts';
import { defaultMergeRules, mergeObject } from '../../../src/apply/merge.ts';
import type { MergeRules } from '../../../src/apply/merge.ts';
import { ownedKeysByPrefix } from '../../../src/apply/owned-keys.ts';
import { AlreadyOwnedError } from '../../../src/apply/owner-references.ts';
import { configMap, service, statefulSet } from './fixtures.ts';
import { at } from './json-path.ts';

const owned: MergeRules = {
  ...defaultMergeRules,
  ownedKey: ownedKeysByPrefix(['hermes.agent/', 'app.kubernetes.io/']),
};

/** What the API server would return for `desired`: the same plus server-set fields. */
function live(desired: KubeObject, extra: (o: KubeObject) => void = () => {}): KubeObject {
  const obj = structuredClone(desired);
  obj.metadata = {
    ...obj.metadata,
    uid: 'u1',
    resourceVersion: '7',
    generation: 1,
    creationTimestamp: '2026-01-01T00:00:00Z',
  };
  extra(obj);
  return obj;
}

const podSpec = (o: KubeObject) => at(o, 'spec', 'template', 'spec');
const container = (o: KubeObject, i = 0) => at(o, 'spec', 'template', 'spec', 'containers', i);
const labels = (o: KubeObject) => (o.metadata.labels ??= {});

describe('mergeObject', () => {
  it('reports no change and returns the live object itself when desired is a subset', () => {
    const desired = statefulSet('ns');
    const current = live(desired, (o) => {
      o['status'] = { replicas: 1 };
      podSpec(o)['enableServiceLinks'] = true;
      at(o, 'spec')['minReadySeconds'] = 0;
    });
    const { object, changed } = mergeObject(current, desired, owned);
    expect(changed).toBe(false);
    expect(object).toBe(current);
  });

  it('keeps server-assigned Service fields the builder does not set', () => {
    const desired = service('ns');
    const current = live(desired, (o) => {
      Object.assign(at(o, 'spec'), {
        clusterIP: '10.0.0.12',
        clusterIPs: ['10.0.0.12'],
        ipFamilies: ['IPv4'],
        ipFamilyPolicy: 'SingleStack',
      });
      at(o, 'spec', 'ports', 0)['nodePort'] = 30080;
    });
    at(desired, 'spec', 'ports', 1)['port'] = 9091;
    const { object, changed } = mergeObject(current, desired, owned);
    expect(changed).toBe(true);
    expect(object.spec).toMatchObject({
      clusterIP: '10.0.0.12',
      clusterIPs: ['10.0.0.12'],
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [
        { name: 'http', nodePort: 30080 },
        { name: 'metrics', port: 9091 },
      ],
    });
  });

  it('pairs list elements by identity, not position, so server fields follow their element', () => {
    const current = live(service('ns'), (o) => {
      at(o, 'spec', 'ports', 0)['nodePort'] = 30080;
      at(o, 'spec', 'ports', 1)['nodePort'] = 30090;
    });
    const desired = service('ns');
    at<unknown[]>(desired, 'spec', 'ports').reverse();
    const { object, changed } = mergeObject(current, desired, owned);
    expect(changed).toBe(true); // the order is the builder's
    expect(at(object, 'spec')['ports']).toMatchObject([
      { name: 'metrics', nodePort: 30090 },
      { name: 'http', nodePort: 30080 },
    ]);
  });

  it('keeps third-party labels and annotations, overwrites and prunes owned ones', () => {
    const desired = configMap('ns');
    desired.metadata.annotations = { 'hermes.agent/hash': 'new' };
    const current = live(configMap('ns'), (o) => {
      labels(o)['app.kubernetes.io/name'] = 'edited-by-hand';
      labels(o)['team'] = 'platform';
      labels(o)['app.kubernetes.io/stale'] = 'x';
      o.metadata.annotations = { 'hermes.agent/hash': 'old', 'field.cattle.io/publicEndpoints': '[]' };
    });
    const { object, changed } = mergeObject(current, desired, owned);
    expect(changed).toBe(true);
    expect(object.metadata.labels).toEqual({ ...desired.metadata.labels, team: 'platform' });
    expect(object.metadata.annotations).toEqual({
      'hermes.agent/hash': 'new',
      'field.cattle.io/publicEndpoints': '[]',
    });
  });

  it('with the default rules, never removes a label it does not set', () => {
    const current = live(configMap('ns'), (o) => (labels(o)['app.kubernetes.io/extra'] = 'x'));
    expect(mergeObject(current, configMap('ns')).changed).toBe(false);
  });

  it('applies the owned-key rule to pod template metadata too', () => {
    const desired = statefulSet('ns');
    const current = live(desired, (o) => {
      at(o, 'spec', 'template', 'metadata', 'annotations')['kubectl.kubernetes.io/restartedAt'] =
        '2026-01-01T00:00:00Z';
    });
    expect(mergeObject(current, desired, owned).changed).toBe(false);
    at(desired, 'spec', 'template', 'metadata', 'annotations')['hermes.agent/config-hash'] = 'sha256-new';
    const { object, changed } = mergeObject(current, desired, owned);
    expect(changed).toBe(true);
    expect(at(object, 'spec', 'template', 'metadata', 'annotations')).toMatchObject({
      'kubectl.kubernetes.io/restartedAt': '2026-01-01T00:00:00Z',
      'hermes.agent/config-hash': 'sha256-new',
    });
  });

  it('replaces data maps whole: a key the builder dropped goes', () => {
    const current = live(configMap('ns'), (o) => (at(o, 'data')['old.yaml'] = 'x'));
    const { object, changed } = mergeObject(current, configMap('ns'));
    expect(changed).toBe(true);
    expect(Object.keys(at(object, 'data')).sort()).toEqual(['SOUL.md', 'config.yaml']);
  });

  it('compares resource quantities by value', () => {
    const desired = statefulSet('ns');
    container(desired)['resources'] = {
      requests: { cpu: '0.5', memory: '1024Mi' },
      limits: { cpu: '2000m', memory: '4Gi' },
    };
    const current = live(statefulSet('ns'));
    expect(mergeObject(current, desired).changed).toBe(false);
    at(container(desired), 'resources', 'limits')['memory'] = '5Gi';
    expect(mergeObject(current, desired).changed).toBe(true);
  });

  it('treats zero values the server omits as equal to absent', () => {
    const desired = statefulSet('ns');
    Object.assign(podSpec(desired), { hostNetwork: false, nodeSelector: {}, imagePullSecrets: [] });
    container(desired)['workingDir'] = '';
    expect(mergeObject(live(statefulSet('ns')), desired).changed).toBe(false);
  });

  it('removes a field the builder sets to null', () => {
    const desired = statefulSet('ns');
    podSpec(desired)['affinity'] = null;
    const { object, changed } = mergeObject(live(statefulSet('ns')), desired);
    expect(changed).toBe(true);
    expect(podSpec(object)).not.toHaveProperty('affinity');
  });

  it('drops the other members of a one-of when the builder switches volume source', () => {
    const desired = statefulSet('ns');
    at<unknown[]>(podSpec(desired), 'volumes')[0] = { name: 'config', emptyDir: {} };
    const { object, changed } = mergeObject(live(statefulSet('ns')), desired);
    expect(changed).toBe(true);
    expect(at(podSpec(object), 'volumes', 0)).toEqual({ name: 'config', emptyDir: {} });
  });

  it('detects a hand edit of a field the builder sets, and restores it', () => {
    const current = live(statefulSet('ns'), (o) => {
      at(o, 'spec')['replicas'] = 3;
      container(o)['image'] = 'evil:latest';
    });
    const { object, changed } = mergeObject(current, statefulSet('ns'));
    expect(changed).toBe(true);
    expect(at(object, 'spec')['replicas']).toBe(1);
    expect(container(object)['image']).toBe('ghcr.io/nousresearch/hermes-agent:v0.4.2');
    expect(at(current, 'spec')['replicas']).toBe(3); // the input is not mutated
  });

  it('ignores status and server-owned metadata in the desired object', () => {
    const desired = configMap('ns');
    desired['status'] = { whatever: true };
    desired.metadata.resourceVersion = '1';
    desired.metadata.uid = 'other';
    expect(mergeObject(live(configMap('ns')), desired).changed).toBe(false);
  });

  it('merges owner references by uid, keeping other owners', () => {
    const mine = {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesInstance',
      name: 'a',
      uid: 'owner-1',
      controller: true,
      blockOwnerDeletion: true,
    };
    const theirs = { apiVersion: 'v1', kind: 'ConfigMap', name: 'x', uid: 'other-1' };
    const desired = configMap('ns');
    desired.metadata.ownerReferences = [mine];
    const current = live(configMap('ns'), (o) => (o.metadata.ownerReferences = [theirs]));
    const { object, changed } = mergeObject(current, desired);
    expect(changed).toBe(true);
    expect(object.metadata.ownerReferences).toEqual([theirs, mine]);
    const both = live(configMap('ns'), (o) => (o.metadata.ownerReferences = [theirs, mine]));
    expect(mergeObject(both, desired).changed).toBe(false);
  });

  it('refuses a second controller owner', () => {
    const desired = configMap('ns');
    desired.metadata.ownerReferences = [
      { apiVersion: 'v1', kind: 'A', name: 'a', uid: 'u-a', controller: true },
    ];
    const current = live(configMap('ns'), (o) => {
      o.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'B', name: 'b', uid: 'u-b', controller: true }];
    });
    expect(() => mergeObject(current, desired)).toThrow(AlreadyOwnedError);
  });

  it('adds desired finalizers but never removes others', () => {
    const desired = configMap('ns');
    desired.metadata.finalizers = ['a'];
    const current = live(configMap('ns'), (o) => (o.metadata.finalizers = ['b']));
    expect(mergeObject(current, desired).object.metadata.finalizers).toEqual(['b', 'a']);
  });

  it('shortens a list the builder shortened', () => {
    const desired = statefulSet('ns');
    at<unknown[]>(container(desired), 'env').splice(2);
    const { object, changed } = mergeObject(live(statefulSet('ns')), desired);
    expect(changed).toBe(true);
    expect(at<unknown[]>(container(object), 'env')).toHaveLength(2);
  });
});
