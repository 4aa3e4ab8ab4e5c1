// Watch streams against the real API server: event order, clean ends, typed errors, and no socket
// or timer left behind after many open/close cycles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace } from '@agent-operators/testing';
import { BadRequestError } from '../../../src/client/index.ts';
import type { HttpKubeClient, WatchEvent } from '../../../src/client/index.ts';
import { adminClient, configMap } from './helpers.ts';
import type { ConfigMap } from './helpers.ts';

let client: HttpKubeClient;
let ns: string;
const cmKind = { apiVersion: 'v1', kind: 'ConfigMap' };

beforeAll(async () => {
  // No client-side limit here: the leak test opens hundreds of watches.
  client = await adminClient({ qps: 0 });
  ns = await createNamespace(client, 'client-watch');
  await client.create(configMap(ns, 'anchor'));
});

afterAll(async () => {
  await deleteNamespace(client, ns);
  client.close();
});

function inUse(): number {
  return Object.values(client.agent.sockets).reduce((n, list) => n + (list?.length ?? 0), 0);
}

/** Destroyed sockets leave the agent on their 'close' event, a tick or two later. */
async function settledInUse(): Promise<number> {
  for (let i = 0; i < 50 && inUse() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return inUse();
}

function handles(kind: string): number {
  return process.getActiveResourcesInfo().filter((r) => r === kind).length;
}

describe('watch', () => {
  it('delivers ADDED, MODIFIED, DELETED from a list resourceVersion', async () => {
    const { metadata } = await client.list({ ...cmKind, namespace: ns });
    const seen: string[] = [];
    const kinds = new Set<string>();
    const consumer = (async () => {
      const stream = client.watch<ConfigMap>(
        { ...cmKind, namespace: ns },
        { resourceVersion: metadata.resourceVersion, allowWatchBookmarks: true },
      );
      for await (const evt of stream) {
        if (evt.type === 'BOOKMARK') continue;
        seen.push(`${evt.type} ${evt.object.metadata.name} ${evt.object.data?.v ?? ''}`.trim());
        kinds.add(`${evt.object.apiVersion}/${evt.object.kind}`);
        if (evt.type === 'DELETED') break;
      }
    })();
    await client.create(configMap(ns, 'w1', { v: '1' }));
    await client.patch({ ...cmKind, namespace: ns, name: 'w1' }, 'merge', { data: { v: '2' } });
    await client.delete({ ...cmKind, namespace: ns, name: 'w1' });
    await consumer;
    expect(seen).toEqual(['ADDED w1 1', 'MODIFIED w1 2', 'DELETED w1 2']);
    expect([...kinds]).toEqual(['v1/ConfigMap']);
    expect(await settledInUse()).toBe(0);
  });

  it('starts with the current objects when no resourceVersion is given', async () => {
    for await (const evt of client.watch(
      { ...cmKind, namespace: ns },
      { fieldSelector: 'metadata.name=anchor' },
    )) {
      expect(evt.type).toBe('ADDED');
      expect(evt.object.metadata.name).toBe('anchor');
      break;
    }
  });

  it('ends cleanly when the server closes the stream (timeoutSeconds)', async () => {
    const { metadata } = await client.list({ ...cmKind, namespace: ns });
    const events: WatchEvent[] = [];
    const start = performance.now();
    for await (const evt of client.watch(
      { ...cmKind, namespace: ns },
      { resourceVersion: metadata.resourceVersion, timeoutSeconds: 1 },
    )) {
      events.push(evt);
    }
    expect(events).toEqual([]);
    expect(performance.now() - start).toBeGreaterThanOrEqual(900);
  });

  it('ends cleanly when the signal aborts mid-stream', async () => {
    const { metadata } = await client.list({ ...cmKind, namespace: ns });
    const ac = new AbortController();
    const events: WatchEvent[] = [];
    setTimeout(() => ac.abort(), 200);
    for await (const evt of client.watch(
      { ...cmKind, namespace: ns },
      { resourceVersion: metadata.resourceVersion, signal: ac.signal },
    )) {
      events.push(evt);
    }
    expect(events).toEqual([]);
    expect(ac.signal.aborted).toBe(true);
    expect(await settledInUse()).toBe(0);
  });

  it('throws a typed error when the watch request itself fails', async () => {
    const iterate = async () => {
      for await (const _ of client.watch({ ...cmKind, namespace: ns }, { labelSelector: '!!bad' })) break;
    };
    await expect(iterate()).rejects.toBeInstanceOf(BadRequestError);
  });

  it('leaves no sockets or timers after 200 open/close cycles and 50 aborts', async () => {
    const socketsBefore = handles('TCPSocketWrap') + handles('TLSWrap');
    const timersBefore = handles('Timeout');
    const start = performance.now();
    for (let i = 0; i < 200; i++) {
      for await (const evt of client.watch(
        { ...cmKind, namespace: ns },
        { fieldSelector: 'metadata.name=anchor' },
      )) {
        expect(evt.type).toBe('ADDED');
        break;
      }
    }
    const cycleMs = (performance.now() - start) / 200;
    for (let i = 0; i < 50; i++) {
      const ac = new AbortController();
      const stream = client.watch(
        { ...cmKind, namespace: ns },
        { fieldSelector: 'metadata.name=anchor', signal: ac.signal },
      );
      for await (const _ of stream) ac.abort();
    }
    // Let destroyed sockets finish closing.
    await new Promise((r) => setTimeout(r, 200));
    expect(await settledInUse()).toBe(0);
    const free = Object.values(client.agent.freeSockets).reduce((n, list) => n + (list?.length ?? 0), 0);
    expect(free).toBeLessThanOrEqual(2);
    expect(handles('TCPSocketWrap') + handles('TLSWrap')).toBeLessThanOrEqual(socketsBefore + 2);
    expect(handles('Timeout')).toBeLessThanOrEqual(timersBefore);
    console.log(`watch open/first-event/close cycle: ${cycleMs.toFixed(2)} ms`);
  });
});
