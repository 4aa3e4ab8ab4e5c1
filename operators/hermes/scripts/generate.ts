// Writes the generated hermes.agent/v1 files (CRD YAML, API reference, condition catalogue, RBAC). With --check it writes
// nothing and exits 1 listing the files that differ from what is committed (CI drift check).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../src/api/v1/codegen.ts';
import { controllerGeneratedFiles } from '../src/controllers/codegen.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const stale: string[] = [];

for (const [rel, content] of [...generatedFiles(), ...controllerGeneratedFiles()]) {
  const path = join(root, rel);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === content) continue;
  if (check) {
    stale.push(rel);
    continue;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote operators/hermes/${rel}`);
}

if (stale.length) {
  console.error(
    `generated files are out of date (run make generate):\n${stale.map((f) => `  operators/hermes/${f}`).join('\n')}`,
  );
  process.exit(1);
}
if (check) console.log('generated files are up to date');
