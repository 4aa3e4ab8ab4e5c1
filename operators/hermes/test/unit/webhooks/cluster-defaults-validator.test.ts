import { describe, expect, it } from 'vitest';
import { hermesClusterDefaultsValidator } from '../../../src/webhooks/cluster-defaults-validator.ts';
import { clusterDefaults, ctx, request } from './fixtures.ts';

const validate = (obj: ReturnType<typeof clusterDefaults>, operation: 'CREATE' | 'UPDATE' = 'CREATE') =>
  hermesClusterDefaultsValidator()(
    request(obj, operation === 'UPDATE' ? { operation, oldObject: obj } : {}),
    ctx(),
  );

describe('HermesClusterDefaults admission', () => {
  it('accepts the singleton named cluster', async () => {
    expect(await validate(clusterDefaults({ storage: { size: '10Gi' } }))).toEqual({ allowed: true });
    expect(await validate(clusterDefaults({}), 'UPDATE')).toEqual({ allowed: true });
  });

  it('rejects any other name, naming metadata.name', async () => {
    expect(await validate(clusterDefaults({}, 'defaults'))).toEqual({
      allowed: false,
      code: 422,
      message:
        'metadata.name: HermesClusterDefaults is a singleton and must be named "cluster", not "defaults"',
    });
  });

  it('rejects generateName, whose result is never "cluster"', async () => {
    const obj = clusterDefaults({});
    obj.metadata = { generateName: 'cluster-' };
    const result = await hermesClusterDefaultsValidator()({ ...request(obj), name: '' }, ctx());
    expect(result.message).toBe(
      'metadata.name: HermesClusterDefaults is a singleton and must be named "cluster", not "cluster-"',
    );
  });

  it('rejects a storage size no volume can have', async () => {
    expect((await validate(clusterDefaults({ storage: { size: '0' } }))).message).toBe(
      'spec.storage.size: "0" is not a valid storage size: use a positive whole number of bytes, e.g. 10Gi',
    );
  });
});
