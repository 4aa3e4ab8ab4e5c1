// `hermes-operator render`, run in-process with a fake terminal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { main } from '../../../src/cli/main.ts';
import type { CliIo } from '../../../src/cli/io.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'examples');

function fakeIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readInput: (path) => {
      const content = path === '-' ? files['-'] : (files[path] ?? readFileSync(path, 'utf8'));
      if (content === undefined) return Promise.reject(new Error(`ENOENT: ${path}`));
      return Promise.resolve(content);
    },
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

const kinds = (yaml: string) =>
  parseAllDocuments(yaml).map((d) => {
    const o = d.toJS() as { kind: string; metadata: { name: string; namespace: string } };
    return `${o.kind}/${o.metadata.name}@${o.metadata.namespace}`;
  });

describe('hermes-operator render', () => {
  it('prints every object of an instance as multi-document YAML', async () => {
    const t = fakeIo();
    expect(await main(['render', '-f', join(EXAMPLES, 'minimal.yaml')], t.io)).toBe(0);
    expect(kinds(t.out())).toEqual([
      'ServiceAccount/my-hermes@default',
      'Role/my-hermes@default',
      'RoleBinding/my-hermes@default',
      'NetworkPolicy/my-hermes@default',
      'Secret/my-hermes-api-key@default',
      'ConfigMap/my-hermes-config@default',
      'PersistentVolumeClaim/my-hermes-data@default',
      'StatefulSet/my-hermes@default',
      'Service/my-hermes@default',
    ]);
    expect(t.out()).toContain(
      '# Created once by the controller with a random value; the value shown is a placeholder.',
    );
    expect(t.err()).toBe('');
  });

  it('reads standard input with -f - and takes the namespace from -n', async () => {
    const t = fakeIo({ '-': readFileSync(join(EXAMPLES, 'minimal.yaml'), 'utf8') });
    expect(await main(['render', '-f', '-', '-n', 'agents'], t.io)).toBe(0);
    expect(kinds(t.out()).every((k) => k.endsWith('@agents'))).toBe(true);
  });

  it('merges a HermesClusterDefaults given with --defaults', async () => {
    const t = fakeIo();
    const code = await main(
      [
        'render',
        '-f',
        join(EXAMPLES, 'minimal.yaml'),
        `--defaults=${join(EXAMPLES, 'cluster-defaults.yaml')}`,
      ],
      t.io,
    );
    expect(code).toBe(0);
    expect(t.out()).toContain('image: docker.io/nousresearch/hermes-agent:0.21.3');
    expect(t.out()).toContain('storageClassName: gp3');
  });

  it('renders the maximal example, including companions and monitoring', async () => {
    const t = fakeIo();
    expect(await main(['render', '-f', join(EXAMPLES, 'maximal.yaml')], t.io)).toBe(0);
    expect(kinds(t.out())).toEqual(
      expect.arrayContaining(['Deployment/hermes-max-honcho@default', 'ServiceMonitor/hermes-max@default']),
    );
  });

  it('keeps owner references when the instance comes from a cluster (kubectl get -o yaml)', async () => {
    const fromCluster = `apiVersion: hermes.agent/v1
kind: HermesInstance
metadata: {name: h, namespace: ns, uid: 1b4e28ba-2fa1-11d2-883f-0016d3cca427, resourceVersion: "5", generation: 2}
spec: {}
status: {phase: Running}
`;
    const t = fakeIo({ 'in.yaml': fromCluster });
    expect(await main(['render', '-f', 'in.yaml'], t.io)).toBe(0);
    expect(t.out()).toContain('uid: 1b4e28ba-2fa1-11d2-883f-0016d3cca427');
  });

  it('rejects an invalid instance naming the field, exit 1', async () => {
    const bad = `apiVersion: hermes.agent/v1
kind: HermesInstance
metadata: {name: h}
spec:
  storage: {size: lots}
  gateways: {telegram: {enabled: true, mode: carrier-pigeon}}
  unknownField: 1
`;
    const t = fakeIo({ 'bad.yaml': bad });
    expect(await main(['render', '-f', 'bad.yaml'], t.io)).toBe(1);
    expect(t.out()).toBe('');
    expect(t.err()).toContain('bad.yaml: spec.storage.size:');
    expect(t.err()).toContain('bad.yaml: spec.gateways.telegram.mode: must be one of "polling", "webhook"');
    expect(t.err()).toContain('bad.yaml: spec.unknownField: is not a known field');
  });

  it("applies the admission webhook's rules: denials fail, warnings are printed", async () => {
    const both = `apiVersion: hermes.agent/v1
kind: HermesInstance
metadata: {name: h}
spec:
  config: {raw: {model: {}}, configMapRef: {name: c}}
`;
    const t = fakeIo({ 'both.yaml': both });
    expect(await main(['render', '-f', 'both.yaml'], t.io)).toBe(1);
    expect(t.err()).toContain('both.yaml: spec.config: exactly one of raw or configMapRef must be set');
    const odd = fakeIo({
      'odd.yaml':
        'apiVersion: hermes.agent/v1\nkind: HermesInstance\nmetadata: {name: h}\nspec: {config: {raw: {colour: blue}}}\n',
    });
    expect(await main(['render', '-f', 'odd.yaml'], odd.io)).toBe(0);
    expect(odd.err()).toMatch(/^warning: odd\.yaml: spec\.config\.raw: .*colour/m);
  });

  it('rejects an invalid HermesClusterDefaults and a wrong kind', async () => {
    const t = fakeIo({
      'cd.yaml':
        'apiVersion: hermes.agent/v1\nkind: HermesClusterDefaults\nmetadata: {name: other}\nspec: {}\n',
    });
    expect(await main(['render', '-f', join(EXAMPLES, 'minimal.yaml'), '--defaults', 'cd.yaml'], t.io)).toBe(
      1,
    );
    expect(t.err()).toContain('cd.yaml: metadata.name:');
    const k = fakeIo({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n' });
    expect(await main(['render', '-f', 'cm.yaml'], k.io)).toBe(1);
    expect(k.err()).toContain('cm.yaml: expected kind HermesInstance, got "ConfigMap"');
  });

  it('reports unreadable files and YAML errors, exit 1', async () => {
    const t = fakeIo({ 'broken.yaml': 'kind: [unclosed' });
    expect(await main(['render', '-f', 'broken.yaml'], t.io)).toBe(1);
    expect(t.err()).toContain('broken.yaml: invalid YAML');
    const missing = fakeIo();
    expect(await main(['render', '-f', '/nonexistent/x.yaml'], missing.io)).toBe(1);
  });

  it('answers usage errors with exit 2 and --help with the usage', async () => {
    const t = fakeIo();
    expect(await main(['render'], t.io)).toBe(2);
    expect(t.err()).toContain('-f <file> is required');
    expect(await main(['render', '--bogus'], fakeIo().io)).toBe(2);
    const h = fakeIo();
    expect(await main(['render', '--help'], h.io)).toBe(0);
    expect(h.out()).toContain('Usage: hermes-operator render');
    expect(await main(['nope'], fakeIo().io)).toBe(2);
    expect(await main([], fakeIo().io)).toBe(2);
  });
});
