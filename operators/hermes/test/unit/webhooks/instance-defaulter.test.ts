import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoKindMatchError } from '@agent-operators/runtime/client';
import { applyJsonPatch } from '@agent-operators/runtime/webhook';
import type { MutationResult } from '@agent-operators/runtime/webhook';
import { FALLBACK_DEFAULTS } from '../../../src/api/v1/fallback-defaults.ts';
import type { HermesInstanceResource, HermesInstanceSpec } from '../../../src/api/v1/hermes-instance.ts';
import { clusterDefaultsReader } from '../../../src/webhooks/cluster-defaults-reader.ts';
import { defaultInstanceSpec, hermesInstanceDefaulter } from '../../../src/webhooks/instance-defaulter.ts';
import { clusterDefaults, ctx, fakeClient, instance, request } from './fixtures.ts';

const CD = clusterDefaults({
  image: { repository: 'ghcr.io/acme/hermes', tag: '1.4.2', pullPolicy: 'Always' },
  registry: { pullSecretName: 'ghcr-pull' },
  storage: { storageClassName: 'gp3', size: '20Gi' },
  networking: { networkPolicy: { enabled: false } },
  observability: { serviceMonitor: { enabled: true } },
});

async function mutate(
  obj: HermesInstanceResource,
  opts: { cd?: ReturnType<typeof clusterDefaults> | null; old?: HermesInstanceResource } = {},
): Promise<{ result: MutationResult; after: HermesInstanceResource }> {
  const handler = hermesInstanceDefaulter(clusterDefaultsReader(fakeClient(), () => opts.cd ?? null));
  const req = request(obj, opts.old ? { operation: 'UPDATE', oldObject: opts.old } : {});
  const result = await handler(req, ctx());
  const after = applyJsonPatch(obj, result.patch ?? []);
  return { result, after };
}

describe('HermesInstance defaulting', () => {
  it('fills from FALLBACK_DEFAULTS and schema defaults when there are no cluster defaults', async () => {
    const { result, after } = await mutate(instance({ config: { raw: { model: { provider: 'x' } } } }));
    expect(result.allowed).toBe(true);
    expect(after.spec.image).toEqual(FALLBACK_DEFAULTS.image);
    expect(after.spec.storage).toEqual({ enabled: true, size: '10Gi', accessModes: ['ReadWriteOnce'] });
    expect(after.spec.networking?.networkPolicy?.enabled).toBe(true);
    expect(after.spec.observability?.serviceMonitor?.enabled).toBe(false);
    expect(after.spec.config).toEqual({ raw: { model: { provider: 'x' } }, mergeMode: 'merge' });
    expect(after.spec.suspended).toBe(false);
    // Only spec changes.
    expect(result.patch?.every((op) => op.path.startsWith('/spec'))).toBe(true);
  });

  it('fills unset fields from HermesClusterDefaults', async () => {
    const { after } = await mutate(instance({}), { cd: CD });
    expect(after.spec.image).toEqual({
      repository: 'ghcr.io/acme/hermes',
      tag: '1.4.2',
      pullPolicy: 'Always',
      pullSecrets: [{ name: 'ghcr-pull' }],
    });
    expect(after.spec.storage).toMatchObject({ storageClassName: 'gp3', size: '20Gi' });
    expect(after.spec.networking?.networkPolicy?.enabled).toBe(false);
    expect(after.spec.observability?.serviceMonitor?.enabled).toBe(true);
  });

  it('never overrides an explicit instance value, including false and empty lists', async () => {
    const own: HermesInstanceSpec = {
      image: { repository: 'docker.io/me/hermes', tag: '0.21.3', pullSecrets: [] },
      storage: { size: '5Gi', storageClassName: 'local' },
      networking: { networkPolicy: { enabled: true } },
      observability: { serviceMonitor: { enabled: false } },
    };
    const { after } = await mutate(instance(own), { cd: CD });
    expect(after.spec.image).toMatchObject({
      repository: 'docker.io/me/hermes',
      tag: '0.21.3',
      pullSecrets: [],
    });
    // Unset on the instance: from the cluster (through the API server the schema default of
    // image.pullPolicy is applied before admission, so this only holds for a request without it).
    expect(after.spec.image?.pullPolicy).toBe('Always');
    expect(after.spec.storage).toMatchObject({ size: '5Gi', storageClassName: 'local' });
    expect(after.spec.networking?.networkPolicy?.enabled).toBe(true);
    expect(after.spec.observability?.serviceMonitor?.enabled).toBe(false);
  });

  it('is idempotent: defaulting a defaulted object patches nothing', async () => {
    const { after } = await mutate(instance({ gateways: { discord: { enabled: false } } }), { cd: CD });
    const again = await mutate(after, { cd: CD });
    expect(again.result.patch).toEqual([]);
  });

  it('on UPDATE keeps the stored storageClassName instead of a cluster default that changed', async () => {
    const stored = instance({ storage: { storageClassName: 'old-class', size: '10Gi' } });
    // A GitOps re-apply that never named the class dropped it from the request.
    const { after } = await mutate(instance({ storage: { size: '10Gi' } }), { cd: CD, old: stored });
    expect(after.spec.storage?.storageClassName).toBe('old-class');
    const storedNone = instance({ storage: { size: '10Gi' } });
    const { after: none } = await mutate(instance({ storage: { size: '10Gi' } }), {
      cd: CD,
      old: storedNone,
    });
    expect(none.spec.storage?.storageClassName).toBeUndefined();
    // An explicit class is left for validation to judge.
    const { after: explicit } = await mutate(instance({ storage: { storageClassName: 'new' } }), {
      cd: CD,
      old: stored,
    });
    expect(explicit.spec.storage?.storageClassName).toBe('new');
  });

  it('does not touch an object being deleted', async () => {
    const obj = instance({}, {});
    obj.metadata.deletionTimestamp = '2026-05-12T00:00:00Z';
    const { result } = await mutate(obj, { cd: CD, old: instance({}) });
    expect(result.patch).toEqual([]);
  });

  it('explicit values win over cluster defaults, which win over fallbacks (property)', () => {
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    const tag = fc.stringMatching(/^[a-z0-9][a-z0-9.]{0,8}$/);
    const size = fc.constantFrom('1Gi', '5Gi', '20Gi', '100Mi');
    fc.assert(
      fc.property(
        maybe(tag),
        maybe(tag),
        maybe(size),
        maybe(size),
        maybe(fc.boolean()),
        maybe(fc.boolean()),
        (ownTag, cdTag, ownSize, cdSize, ownNp, cdNp) => {
          const spec: HermesInstanceSpec = {
            image: ownTag === undefined ? {} : { tag: ownTag },
            storage: ownSize === undefined ? {} : { size: ownSize },
            networking: ownNp === undefined ? {} : { networkPolicy: { enabled: ownNp } },
          };
          const cd = clusterDefaults({
            image: cdTag === undefined ? {} : { tag: cdTag },
            storage: cdSize === undefined ? {} : { size: cdSize },
            networking: cdNp === undefined ? {} : { networkPolicy: { enabled: cdNp } },
          });
          const out = defaultInstanceSpec(spec, cd);
          expect(out.image?.tag).toBe(ownTag ?? cdTag ?? FALLBACK_DEFAULTS.image.tag);
          expect(out.storage?.size).toBe(ownSize ?? cdSize ?? FALLBACK_DEFAULTS.storage.size);
          expect(out.networking?.networkPolicy?.enabled).toBe(ownNp ?? cdNp ?? true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('reading HermesClusterDefaults', () => {
  it('uses the getter when it knows, and GETs when it does not', async () => {
    const client = fakeClient([CD]);
    expect(await clusterDefaultsReader(client, () => CD)('hermes.agent/v1')).toBe(CD);
    expect(await clusterDefaultsReader(client, () => null)('hermes.agent/v1')).toBeUndefined();
    expect(client.gets).toEqual([]);
    expect((await clusterDefaultsReader(client, () => undefined)('hermes.agent/v1'))?.spec).toEqual(CD.spec);
    expect(await clusterDefaultsReader(client, undefined)('other.group/v1')).toBeUndefined();
    expect(client.gets).toEqual([
      'HermesClusterDefaults /cluster [hermes.agent/v1]',
      'HermesClusterDefaults /cluster [other.group/v1]',
    ]);
  });

  it('treats an uninstalled CRD as no defaults, and fails on any other error', async () => {
    const noKind = fakeClient([], {
      failWith: new NoKindMatchError('hermes.agent/v1', 'HermesClusterDefaults'),
    });
    expect(await clusterDefaultsReader(noKind, undefined)('hermes.agent/v1')).toBeUndefined();
    const broken = fakeClient([], { failWith: new Error('connection refused') });
    await expect(clusterDefaultsReader(broken, undefined)('hermes.agent/v1')).rejects.toThrow(
      /connection refused/,
    );
    // The handler lets it throw: the runtime turns it into a 500 denial (failurePolicy decides).
    const handler = hermesInstanceDefaulter(clusterDefaultsReader(broken, undefined));
    await expect(handler(request(instance({})), ctx())).rejects.toThrow(/connection refused/);
  });
});
