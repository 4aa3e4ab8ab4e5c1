import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../../src/api/v1/defaults.ts';

const instance = (spec: Record<string, unknown>) => ({
  apiVersion: 'hermes.agent/v1',
  kind: 'HermesInstance',
  metadata: { name: 'h', namespace: 'ns' },
  spec,
});

describe('schema defaults', () => {
  it('fill what the API server would, and leave cluster-default fields unset', () => {
    const input = instance({});
    const out = applyDefaults('HermesInstance', input);
    expect(out.spec.storage).toEqual({ enabled: true, accessModes: ['ReadWriteOnce'] });
    expect(out.spec.suspended).toBe(false);
    // HermesClusterDefaults fills these, so the schema must not.
    expect(out.spec.image).toBeUndefined();
    expect(out.spec.storage?.size).toBeUndefined();
    expect(out.spec.storage?.storageClassName).toBeUndefined();
    expect(out.spec.networking).toBeUndefined();
    // Optional sections without defaults stay absent.
    expect(out.spec.gateways).toBeUndefined();
    expect(input.spec).toEqual({});
  });

  it('default inside sections that are present', () => {
    const out = applyDefaults(
      'HermesInstance',
      instance({
        config: { raw: {} },
        gateways: { telegram: { enabled: true, botTokenSecretRef: { name: 'tg' } } },
        backup: { s3: { bucket: 'bkt', credentialsSecretRef: { name: 's3' } } },
        autoUpdate: { enabled: true, rollback: {} },
        networking: { apiServer: {}, networkPolicy: {} },
        selfConfigure: {},
      }),
    );
    expect(out.spec.config?.mergeMode).toBe('merge');
    expect(out.spec.gateways?.telegram).toMatchObject({
      mode: 'polling',
      botTokenSecretRef: { key: 'TELEGRAM_BOT_TOKEN' },
    });
    expect(out.spec.backup).toMatchObject({
      onDelete: true,
      preUpdate: true,
      historyLimit: 30,
      failedHistoryLimit: 3,
    });
    expect(out.spec.backup?.s3.forcePathStyle).toBe(false);
    expect(out.spec.autoUpdate).toMatchObject({
      pollInterval: '1h',
      backupBeforeUpdate: true,
      rollback: { enabled: true, probeFailureThreshold: 3, healthCheckTimeout: '5m' },
    });
    expect(out.spec.networking?.apiServer).toEqual({ enabled: true, port: 8642 });
    expect(out.spec.networking?.networkPolicy).toEqual({ allowDNS: true, allowInternetEgress: true });
    expect(out.spec.selfConfigure).toEqual({ enabled: false });
  });

  it('default the other kinds', () => {
    const sc = applyDefaults('HermesSelfConfig', {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesSelfConfig',
      metadata: { name: 'x' },
      spec: { instanceRef: 'h', addEnvVars: [{ name: 'A', value: '1' }] },
    });
    expect(sc.spec.addEnvVars).toEqual([{ name: 'A', value: '1' }]);
    const hcd = applyDefaults('HermesClusterDefaults', {
      apiVersion: 'hermes.agent/v1',
      kind: 'HermesClusterDefaults',
      metadata: { name: 'cluster' },
      spec: { image: { repository: 'r' } },
    });
    // pullPolicy has no schema default, so a cluster default can set it (see fallback-defaults.ts).
    expect(hcd.spec.image).toEqual({ repository: 'r' });
  });
});
