import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { isHermesKind } from '../../../src/api/v1/kinds.ts';
import { formatErrors, validate } from '../../../src/api/v1/validation.ts';
import { applyDefaults } from '../../../src/api/v1/defaults.ts';

const dir = join(import.meta.dirname, '..', '..', '..', 'examples');
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

describe('examples', () => {
  it('include the four documented ones', () => {
    expect(files).toEqual(
      expect.arrayContaining(['minimal.yaml', 'maximal.yaml', 'cluster-defaults.yaml', 'selfconfig.yaml']),
    );
  });

  it.each(files)('%s validates against the schemas, before and after defaulting', (file) => {
    const docs = parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map(
      (d) => d.toJS() as { kind?: unknown },
    );
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      if (!isHermesKind(doc.kind)) throw new Error(`${file}: unexpected kind ${String(doc.kind)}`);
      expect(formatErrors(validate(doc.kind, doc))).toBe('');
      expect(formatErrors(validate(doc.kind, applyDefaults(doc.kind, doc)))).toBe('');
    }
  });

  it('maximal turns every section of HermesInstance on', () => {
    const max = parseAllDocuments(readFileSync(join(dir, 'maximal.yaml'), 'utf8'))[0]!.toJS() as {
      spec: Record<string, unknown>;
    };
    const sections = [
      'image',
      'config',
      'workspace',
      'resources',
      'security',
      'storage',
      'networking',
      'observability',
      'availability',
      'probes',
      'backup',
      'restoreFrom',
      'runtime',
      'gateways',
      'profileStore',
      'ollama',
      'webTerminal',
      'tailscale',
      'autoUpdate',
      'selfConfigure',
      'migration',
      'scheduling',
      'initContainers',
      'sidecars',
      'extraVolumes',
      'extraVolumeMounts',
      'envFrom',
      'env',
      'suspended',
    ];
    expect(Object.keys(max.spec).sort()).toEqual([...sections].sort());
    expect(Object.keys(max.spec.gateways as object).sort()).toEqual([
      'discord',
      'signal',
      'slack',
      'telegram',
      'whatsapp',
    ]);
  });
});
