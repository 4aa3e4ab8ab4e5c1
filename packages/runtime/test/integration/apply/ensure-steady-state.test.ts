// Done-when: on a real API server, `ensure` of a realistic object built with every server
// default set sends zero requests once the object has converged (counted, not timed), for each
// kind hermes manages: StatefulSet, Deployment, Service (clusterIP and nodePort assigned by the
// server), ConfigMap, Secret and PVC (which is never updated).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace } from '@agent-operators/testing';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject } from '../../../src/client/types.ts';
import { ensure } from '../../../src/apply/ensure.ts';
import { ownedKeysByPrefix } from '../../../src/apply/owned-keys.ts';
import { setControllerReference } from '../../../src/apply/owner-references.ts';
import {
  configMap,
  deployment,
  nodePortService,
  pvc,
  secret,
  service,
  statefulSet,
} from '../../unit/apply/fixtures.ts';
import { adminClient, createOwner, read } from './helpers.ts';
import { countRequests } from './request-counter.ts';

const ownedKey = ownedKeysByPrefix(['hermes.agent/', 'app.kubernetes.io/']);

const builders: [string, (ns: string) => KubeObject][] = [
  ['StatefulSet', statefulSet],
  ['Deployment', deployment],
  ['Service (ClusterIP)', service],
  ['Service (NodePort)', nodePortService],
  ['ConfigMap', configMap],
  ['Secret', secret],
  ['PersistentVolumeClaim', pvc],
];

describe('ensure at steady state', () => {
  let admin: HttpKubeClient;
  let ns: string;
  let owner: KubeObject;

  beforeAll(async () => {
    admin = await adminClient();
    ns = await createNamespace(admin, 'apply-steady');
    owner = await createOwner(admin, ns);
  });
  afterAll(() => admin?.close());

  it.each(builders)(
    '%s: created once, then zero requests from the cache and one GET without it',
    async (_kind, build) => {
      const desired = () => setControllerReference(owner, build(ns));
      const counter = countRequests(admin);

      const first = await ensure(counter.client, desired(), { ownedKey, fieldManager: 'hermes-operator' });
      expect(first.result).toBe('created');
      expect(counter.counts).toMatchObject({ get: 1, create: 1 });

      // The informer cache would hold exactly what the API server serves.
      const cached = await read(admin, first.object);
      counter.reset();
      for (let i = 0; i < 10; i++) {
        const res = await ensure(counter.client, desired(), {
          current: cached,
          ownedKey,
          fieldManager: 'hermes-operator',
        });
        expect(res.result).toBe('unchanged');
        expect(res.drift).toBe(first.object.kind === 'PersistentVolumeClaim' ? false : undefined);
      }
      expect(counter.total).toBe(0);

      const viaGet = await ensure(counter.client, desired(), { ownedKey });
      expect(viaGet.result).toBe('unchanged');
      expect(counter.counts.get).toBe(1);
      expect(counter.writes).toBe(0);

      const after = await read(admin, first.object);
      expect(after.metadata.resourceVersion).toBe(cached.metadata.resourceVersion);
      expect(after.metadata.generation).toBe(cached.metadata.generation);
      expect(after.metadata.ownerReferences).toEqual([
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name: 'owner',
          uid: owner.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
    },
  );

  it('keeps the server-assigned clusterIP and nodePort through an update', async () => {
    const counter = countRequests(admin);
    const desired = nodePortService(ns, 'np-update');
    const created = (await ensure(counter.client, desired)).object;
    const spec = created['spec'] as { clusterIP: string; ports: { nodePort: number }[] };
    const changed = nodePortService(ns, 'np-update');
    (changed.metadata.labels ??= {})['hermes.agent/tier'] = 'gold';
    const res = await ensure(counter.client, changed, { current: await read(admin, created) });
    expect(res.result).toBe('updated');
    expect(res.object['spec']).toMatchObject({
      clusterIP: spec.clusterIP,
      ports: [{ nodePort: spec.ports[0]?.nodePort }],
    });
  });
});
