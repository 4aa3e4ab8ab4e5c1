// Referenced Secrets/ConfigMaps, their digest, and what does not resolve.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import { dataDigest, unresolved } from '../../../src/controllers/instance/digest.ts';
import { referencedNames, referencedObjects } from '../../../src/controllers/instance/references.ts';

describe('referencedObjects', () => {
  it('finds every secret and configmap reference by the naming convention', () => {
    const refs = referencedObjects({
      envFrom: [{ secretRef: { name: 'keys' } }, { configMapRef: { name: 'envs', optional: true } }],
      env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'one', key: 'k' } } }],
      gateways: { telegram: { botTokenSecretRef: { name: 'tg', key: 'TELEGRAM_BOT_TOKEN' } } },
      config: { configMapRef: { name: 'cfg', key: 'config.yaml' } },
      workspace: { configMapRefs: [{ name: 'ws1' }, { name: 'ws2' }] },
      security: { caBundle: { name: 'ca', key: 'ca.crt' } },
      image: { pullSecrets: [{ name: 'not-data' }] },
    });
    expect(referencedNames(refs.secrets)).toEqual(['keys', 'one', 'tg']);
    expect(referencedNames(refs.configMaps)).toEqual(['ca', 'cfg', 'envs', 'ws1', 'ws2']);
    expect(refs.configMaps.find((r) => r.name === 'envs')?.optional).toBe(true);
  });
});

describe('dataDigest and unresolved', () => {
  const secret = (name: string, data: Record<string, string>): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name },
    data,
  });
  it('changes with the data, not with the order of names', () => {
    const objs = new Map([
      ['a', secret('a', { k: 'MQ==' })],
      ['b', secret('b', { k: 'Mg==' })],
    ]);
    const d1 = dataDigest(['a', 'b'], (n) => objs.get(n));
    expect(d1).toMatch(/^[0-9a-f]{32}$/);
    objs.set('b', secret('b', { k: 'Mw==' }));
    expect(dataDigest(['a', 'b'], (n) => objs.get(n))).not.toBe(d1);
    expect(dataDigest([], () => undefined)).toBeUndefined();
    expect(dataDigest(['gone'], () => undefined)).not.toBe(dataDigest(['gone'], () => secret('gone', {})));
  });
  it('lists missing objects and keys, ignoring optional references', () => {
    const objs = new Map([['a', secret('a', { k: 'MQ==' })]]);
    expect(
      unresolved(
        [{ name: 'a', key: 'k' }, { name: 'a', key: 'nope' }, { name: 'b' }, { name: 'c', optional: true }],
        (n) => objs.get(n),
      ),
    ).toEqual({ missing: ['b'], missingKeys: ['a/nope'] });
  });
});
