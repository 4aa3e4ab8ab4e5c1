// The shared test helpers: polling semantics, unique names and the namespace calls they make.
import { describe, expect, it } from 'vitest';
import { createNamespace, deleteNamespace, eventually, uniqueName } from '../../src/index.ts';
import type { NamespaceClient } from '../../src/index.ts';

describe('eventually', () => {
  it('retries undefined, false and throws, then resolves with the first other value', async () => {
    const answers: Array<() => unknown> = [
      () => undefined,
      () => false,
      () => {
        throw new Error('not yet');
      },
      () => 0, // falsy but a value: returned as is
    ];
    let calls = 0;
    const got = await eventually('a value', () => answers[calls++]!(), { intervalMs: 1 });
    expect(got).toBe(0);
    expect(calls).toBe(4);
  });

  it('accepts a synchronous or an asynchronous fn', async () => {
    expect(await eventually('sync', () => 'a')).toBe('a');
    expect(await eventually('async', () => Promise.resolve('b'))).toBe('b');
  });

  it('on timeout names what it waited for, the timeout and the last error', async () => {
    let calls = 0;
    const err = await eventually(
      'the thing',
      () => {
        calls++;
        throw new Error('boom');
      },
      { timeoutMs: 50, intervalMs: 10 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('timed out after 50 ms waiting for the thing: last error: boom');
    expect(calls).toBeGreaterThan(1);
  });

  it('on timeout without any error says only what and how long', async () => {
    await expect(eventually('never', () => false, { timeoutMs: 20, intervalMs: 5 })).rejects.toThrow(
      /^timed out after 20 ms waiting for never$/,
    );
  });
});

describe('names and namespaces', () => {
  it('uniqueName appends 8 hex characters', () => {
    const a = uniqueName('ns');
    expect(a).toMatch(/^ns-[0-9a-f]{8}$/);
    expect(uniqueName('ns')).not.toBe(a);
  });

  it('createNamespace creates a uniquely named Namespace; deleteNamespace swallows failures', async () => {
    const calls: unknown[] = [];
    const client: NamespaceClient = {
      create: (obj) => Promise.resolve(calls.push(obj)),
      delete: (ref) => {
        calls.push(ref);
        return Promise.reject(new Error('still terminating'));
      },
    };
    const name = await createNamespace(client, 'team');
    expect(name).toMatch(/^team-[0-9a-f]{8}$/);
    await expect(deleteNamespace(client, name)).resolves.toBeUndefined();
    expect(calls).toEqual([
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
      { apiVersion: 'v1', kind: 'Namespace', name },
    ]);
  });
});
