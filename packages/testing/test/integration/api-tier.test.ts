// The 'api' tier is a real etcd + kube-apiserver: CRDs install, custom objects go through the
// whole REST surface (create, list, watch, JSON/merge/server-side-apply patches, delete).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, kubectl as makeKubectl, uniqueName } from '../../src/index.ts';

const kubectl = makeKubectl(inject('binDir'), inject('kubeconfigPath'));
const ns = uniqueName('api-tier');
// What the old local helper did: up to 60 s, every 250 ms.
const poll = { timeoutMs: 60_000, intervalMs: 250 };

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.testing.agent-operators.dev' },
  spec: {
    group: 'testing.agent-operators.dev',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  size: { type: 'integer', minimum: 1 },
                  color: { type: 'string' },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    ],
  },
};

const widget = (name: string, spec: Record<string, unknown>) =>
  JSON.stringify({
    apiVersion: 'testing.agent-operators.dev/v1',
    kind: 'Widget',
    metadata: { name, namespace: ns },
    spec,
  });

const getWidget = async (name: string) =>
  JSON.parse(await kubectl(['get', 'widget', name, '-n', ns, '-o', 'json', '--show-managed-fields'])) as {
    spec: Record<string, unknown>;
    metadata: { managedFields: { manager: string }[] };
  };

describe('api tier', () => {
  beforeAll(async () => {
    await kubectl(['create', 'namespace', ns]);
    await kubectl(['apply', '-f', '-'], JSON.stringify(crd));
    await kubectl(['wait', '--for=condition=Established', '--timeout=60s', `crd/${crd.metadata.name}`]);
    // Discovery may lag the Established condition by a moment.
    await eventually(
      'widgets in discovery',
      async () => (await kubectl(['api-resources'])).includes('widgets'),
      poll,
    );
  });

  afterAll(async () => {
    await kubectl(['delete', 'crd', crd.metadata.name, '--wait=false']);
  });

  it('answers /version with the pinned Kubernetes version', async () => {
    const v = JSON.parse(await kubectl(['version', '-o', 'json'])) as {
      serverVersion: { gitVersion: string };
    };
    expect(v.serverVersion.gitVersion).toMatch(/^v1\.\d+\.\d+$/);
  });

  it('creates, lists, watches, patches and deletes a custom object', async () => {
    const watch = kubectl.spawn([
      'get',
      'widgets',
      '-n',
      ns,
      '--watch-only',
      '--output-watch-events',
      '-o',
      'json',
    ]);
    const events: { type: string; object: { metadata: { name: string } } }[] = [];
    let buf = '';
    watch.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      // kubectl prints one pretty JSON document per event; split on top-level closing braces.
      let depth = 0;
      let start = 0;
      for (let i = 0; i < buf.length; i++) {
        if (buf[i] === '{') depth++;
        else if (buf[i] === '}' && --depth === 0) {
          events.push(JSON.parse(buf.slice(start, i + 1)) as (typeof events)[number]);
          start = i + 1;
        }
      }
      buf = buf.slice(start);
    });
    try {
      // Give the watch a moment to be established before the first write.
      await new Promise((r) => setTimeout(r, 1500));
      await kubectl(['create', '-f', '-'], widget('a', { size: 1, color: 'red' }));
      await kubectl(['create', '-f', '-'], widget('b', { size: 2 }));

      const list = JSON.parse(await kubectl(['get', 'widgets', '-n', ns, '-o', 'json'])) as {
        items: unknown[];
      };
      expect(list.items).toHaveLength(2);

      await kubectl([
        'patch',
        'widget',
        'a',
        '-n',
        ns,
        '--type=json',
        '-p',
        '[{"op":"replace","path":"/spec/size","value":5}]',
      ]);
      expect((await getWidget('a')).spec.size).toBe(5);

      await kubectl(['patch', 'widget', 'a', '-n', ns, '--type=merge', '-p', '{"spec":{"color":"blue"}}']);
      expect((await getWidget('a')).spec.color).toBe('blue');

      await kubectl(
        ['apply', '--server-side', '--field-manager=tester', '-f', '-'],
        widget('a', { size: 5, color: 'blue', tags: ['x'] }),
      );
      const applied = await getWidget('a');
      expect(applied.spec.tags).toEqual(['x']);
      expect(applied.metadata.managedFields.map((m) => m.manager)).toContain('tester');

      // A second manager that disagrees conflicts unless it forces.
      await expect(
        kubectl(['apply', '--server-side', '--field-manager=other', '-f', '-'], widget('a', { size: 9 })),
      ).rejects.toThrow(/conflict/i);
      await kubectl(
        ['apply', '--server-side', '--field-manager=other', '--force-conflicts', '-f', '-'],
        widget('a', { size: 9 }),
      );
      expect((await getWidget('a')).spec.size).toBe(9);

      // The schema is enforced by the API server.
      await expect(kubectl(['create', '-f', '-'], widget('bad', { size: 0 }))).rejects.toThrow(/spec.size/);

      await kubectl(['delete', 'widget', 'a', 'b', '-n', ns]);
      const after = JSON.parse(await kubectl(['get', 'widgets', '-n', ns, '-o', 'json'])) as {
        items: unknown[];
      };
      expect(after.items).toHaveLength(0);

      await eventually(
        'the watch to report both deletes',
        () => events.filter((e) => e.type === 'DELETED').length === 2,
        poll,
      );
      const types = events.map((e) => `${e.type}:${e.object.metadata.name}`);
      expect(types.slice(0, 2)).toEqual(['ADDED:a', 'ADDED:b']);
      expect(types.filter((t) => t === 'MODIFIED:a').length).toBeGreaterThanOrEqual(4);
      expect(types).toContain('DELETED:a');
      expect(types).toContain('DELETED:b');
    } finally {
      watch.kill();
    }
  });
});
