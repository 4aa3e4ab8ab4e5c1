// `hermes-operator run` flags.
import { describe, expect, it } from 'vitest';
import { parseDuration, parseRunArgs } from '../../../src/cli/run.ts';

describe('parseRunArgs', () => {
  it('has production defaults', () => {
    const o = parseRunArgs([], {});
    expect(o.leaderElection).toEqual({
      enabled: true,
      namespace: 'hermes-system',
      name: 'hermes-operator-leader',
    });
    expect(o.metrics).toEqual({ address: ':8443', secure: true });
    expect(o.healthAddress).toBe(':8081');
    expect(o.webhook).toMatchObject({ port: 9443, certificates: { mode: 'self-managed' } });
    expect(o.namespaces).toBeUndefined();
  });
  it('reads every flag', () => {
    const o = parseRunArgs(
      [
        '--kubeconfig=/k',
        '--namespaces=a,b',
        '--leader-elect=false',
        '--metrics-bind-address=127.0.0.1:9090',
        '--metrics-secure=false',
        '--health-probe-bind-address=0',
        '--webhook-port=19443',
        '--webhook-host=127.0.0.1',
        '--drift-period=30s',
        '--selfconfig-ttl=1h',
        '--max-concurrent-reconciles=4',
        '--kube-api-qps=100',
        '--log-level=warn',
      ],
      { POD_NAMESPACE: 'ops' },
    );
    expect(o).toMatchObject({
      kubeconfigPath: '/k',
      namespaces: ['a', 'b'],
      leaderElection: { enabled: false, namespace: 'ops' },
      metrics: { address: '127.0.0.1:9090', secure: false },
      webhook: { port: 19443, certificates: { mode: 'self-managed', ipAddresses: ['127.0.0.1'] } },
      driftPeriodMs: 30_000,
      selfConfigTtlMs: 3_600_000,
      maxConcurrentReconciles: 4,
      qps: 100,
      operatorNamespace: 'ops',
    });
    expect(o.healthAddress).toBeUndefined();
    expect(parseRunArgs(['--webhook-cert-dir=/certs'], {}).webhook?.certificates).toEqual({
      mode: 'files',
      dir: '/certs',
    });
    expect(parseRunArgs(['--enable-webhooks=false'], {}).webhook).toBeUndefined();
    expect(parseRunArgs(['--leader-elect'], {}).leaderElection?.enabled).toBe(true);
  });
  it('rejects bad values', () => {
    expect(() => parseRunArgs(['--leader-elect=maybe'], {})).toThrow(/true or false/);
    expect(() => parseRunArgs(['--drift-period=soon'], {})).toThrow(/duration/);
    expect(() => parseRunArgs(['--nope'], {})).toThrow();
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['24h', 86_400_000],
  ])('%s', (text, ms) => expect(parseDuration(text)).toBe(ms));
});
