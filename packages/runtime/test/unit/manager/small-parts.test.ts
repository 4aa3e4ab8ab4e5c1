import { describe, expect, it } from 'vitest';
import { parseListenAddress } from '../../../src/manager/address.ts';
import { HealthServer } from '../../../src/manager/health-server.ts';
import { microTime } from '../../../src/manager/leader-election.ts';

describe('parseListenAddress', () => {
  it('parses host:port forms and treats 0/empty as disabled', () => {
    expect(parseListenAddress(':8081')).toEqual({ host: undefined, port: 8081 });
    expect(parseListenAddress('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseListenAddress('[::1]:9443')).toEqual({ host: '::1', port: 9443 });
    expect(parseListenAddress('0')).toBeUndefined();
    expect(parseListenAddress('')).toBeUndefined();
    expect(parseListenAddress(undefined)).toBeUndefined();
    expect(() => parseListenAddress('8080')).toThrow(/host:port/);
    expect(() => parseListenAddress(':99999')).toThrow(/invalid port/);
  });
});

describe('microTime', () => {
  it('formats metav1.MicroTime with six fractional digits', () => {
    expect(microTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 67)))).toBe('2026-01-02T03:04:05.067000Z');
  });
});

describe('HealthServer', () => {
  it('answers 200 when every check passes and 503 naming the failing one', async () => {
    const h = new HealthServer();
    let broken: string | undefined;
    h.addHealthCheck('ping', () => undefined);
    h.addReadyCheck('cache', () => broken);
    h.addReadyCheck('async', () => Promise.resolve(undefined));
    await h.start({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${h.address!.port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      let ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.text()).toBe('[+]cache ok\n[+]async ok\nok\n');
      broken = 'informer v1/ConfigMap not synced';
      ready = await fetch(`${base}/readyz?verbose`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toContain('[-]cache failed: informer v1/ConfigMap not synced');
      h.addReadyCheck('explodes', () => {
        throw new Error('bang');
      });
      broken = undefined;
      ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toContain('[-]explodes failed: bang');
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await h.stop();
    }
  });
});
