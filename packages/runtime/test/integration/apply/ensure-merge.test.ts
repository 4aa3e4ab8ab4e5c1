// ensure against other writers on a real API server: third-party labels and annotations survive,
// operator-owned keys and managed fields edited by hand are restored, PVCs are never updated, and
// a stale cached object fails with ConflictError instead of overwriting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace } from '@agent-operators/testing';
import { ConflictError } from '../../../src/client/errors.ts';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import { ensure } from '../../../src/apply/ensure.ts';
import type { EnsureOptions } from '../../../src/apply/ensure.ts';
import { ownedKeysByPrefix } from '../../../src/apply/owned-keys.ts';
import { configMap, pvc, statefulSet } from '../../unit/apply/fixtures.ts';
import { at } from '../../unit/apply/json-path.ts';
import { adminClient, read, refTo } from './helpers.ts';
import { countRequests } from './request-counter.ts';

const opts: EnsureOptions = {
  ownedKey: ownedKeysByPrefix(['hermes.agent/', 'app.kubernetes.io/']),
  fieldManager: 'hermes-operator',
};

describe('ensure beside other writers', () => {
  let admin: HttpKubeClient;
  let ns: string;

  beforeAll(async () => {
    admin = await adminClient();
    ns = await createNamespace(admin, 'apply-merge');
  });
  afterAll(() => admin?.close());

  it('keeps third-party labels and annotations, and sends nothing for them', async () => {
    const { object } = await ensure(admin, statefulSet(ns, 'third-party'), opts);
    // Rancher and a team label arrive from elsewhere, on the object and on its pod template.
    await admin.patch(refTo(object), 'merge', {
      metadata: { labels: { team: 'platform' }, annotations: { 'field.cattle.io/publicEndpoints': '[]' } },
      spec: {
        template: {
          metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-03-01T10:00:00Z' } },
        },
      },
    });
    const counter = countRequests(admin);
    const res = await ensure(counter.client, statefulSet(ns, 'third-party'), {
      ...opts,
      current: await read(admin, object),
    });
    expect(res.result).toBe('unchanged');
    expect(counter.total).toBe(0);

    // An operator change still leaves them in place.
    const changed = statefulSet(ns, 'third-party');
    at(changed, 'spec', 'template', 'metadata', 'annotations')['hermes.agent/config-hash'] = 'sha256-new';
    const updated = await ensure(counter.client, changed, { ...opts, current: await read(admin, object) });
    expect(updated.result).toBe('updated');
    const live = await read(admin, object);
    expect(live.metadata.labels?.['team']).toBe('platform');
    expect(live.metadata.annotations?.['field.cattle.io/publicEndpoints']).toBe('[]');
    expect(at(live, 'spec', 'template', 'metadata', 'annotations')).toEqual({
      'hermes.agent/config-hash': 'sha256-new',
      'hermes.agent/secret-hash': 'sha256-77ab01cd9e',
      'kubectl.kubernetes.io/restartedAt': '2026-03-01T10:00:00Z',
    });
  });

  it('overwrites an operator-owned label changed by hand, and removes one the builder dropped', async () => {
    const { object } = await ensure(admin, configMap(ns, 'owned-label'), opts);
    await admin.patch(refTo(object), 'merge', {
      metadata: {
        labels: { 'app.kubernetes.io/name': 'hand-edited', 'hermes.agent/stale': 'x', team: 'keep' },
      },
    });
    const res = await ensure(admin, configMap(ns, 'owned-label'), {
      ...opts,
      current: await read(admin, object),
    });
    expect(res.result).toBe('updated');
    expect((await read(admin, object)).metadata.labels).toEqual({
      ...configMap(ns).metadata.labels,
      team: 'keep',
    });
  });

  it('reverts a hand edit of a managed field, then converges', async () => {
    const { object } = await ensure(admin, statefulSet(ns, 'hand-edit'), opts);
    await admin.patch(refTo(object), 'merge', {
      spec: {
        replicas: 3,
        template: { spec: { containers: [{ name: 'agent', image: 'evil/agent:latest' }] } },
      },
    });
    const counter = countRequests(admin);
    const res = await ensure(counter.client, statefulSet(ns, 'hand-edit'), {
      ...opts,
      current: await read(admin, object),
    });
    expect(res.result).toBe('updated');
    expect(counter.counts.update).toBe(1);
    const live = await read(admin, object);
    expect(at(live, 'spec')['replicas']).toBe(1);
    expect(at(live, 'spec', 'template', 'spec', 'containers', 0)['image']).toBe(
      'ghcr.io/nousresearch/hermes-agent:v0.4.2',
    );
    counter.reset();
    expect(
      (await ensure(counter.client, statefulSet(ns, 'hand-edit'), { ...opts, current: live })).result,
    ).toBe('unchanged');
    expect(counter.total).toBe(0);
  });

  it('creates a PVC but never updates it, reporting drift', async () => {
    const { object } = await ensure(admin, pvc(ns, 'data'), opts);
    const bigger = pvc(ns, 'data');
    at(bigger, 'spec', 'resources', 'requests')['storage'] = '50Gi';
    const counter = countRequests(admin);
    const res = await ensure(counter.client, bigger, { ...opts, current: await read(admin, object) });
    expect(res).toMatchObject({ result: 'unchanged', drift: true });
    expect(counter.total).toBe(0);
    expect(at(await read(admin, object), 'spec', 'resources', 'requests')['storage']).toBe('5Gi');
  });

  it('fails with ConflictError when the cached object is outdated', async () => {
    const { object: stale } = await ensure(admin, configMap(ns, 'stale'), opts);
    await admin.patch(refTo(stale), 'merge', { metadata: { labels: { team: 'moved-the-rv' } } });
    const desired = configMap(ns, 'stale');
    at(desired, 'data')['SOUL.md'] = 'new';
    await expect(ensure(admin, desired, { ...opts, current: stale })).rejects.toBeInstanceOf(ConflictError);
  });

  it('recovers when the cache has not seen an object that exists', async () => {
    await ensure(admin, configMap(ns, 'unseen'), opts);
    const counter = countRequests(admin);
    const res = await ensure(counter.client, configMap(ns, 'unseen'), { ...opts, current: undefined });
    expect(res.result).toBe('unchanged');
    expect(counter.counts).toMatchObject({ create: 1, get: 1, update: 0 });
  });
});
