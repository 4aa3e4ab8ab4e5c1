// `hermes-operator render -f instance.yaml [--defaults cluster-defaults.yaml] [-n namespace]`:
// validates the instance (and the defaults) against the API schemas, applies the schema defaults
// as the API server would, and prints every child object as multi-document YAML. `-f -` reads
// standard input. Values the controller generates at creation (API key, database password) are
// placeholders here.
import { parseAllDocuments, stringify } from 'yaml';
import { applyDefaults } from '../api/v1/defaults.ts';
import type {
  HermesClusterDefaults,
  HermesClusterDefaultsResource,
} from '../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource } from '../api/v1/hermes-instance.ts';
import { formatErrors, validate } from '../api/v1/validation.ts';
import { RENDER_CONTEXT, buildAll } from '../resources/index.ts';
import { checkInstance } from '../webhooks/instance-rules.ts';
import { defaultInstanceSpec } from '../webhooks/instance-defaulter.ts';
import type { InstanceObject } from '../resources/index.ts';
import { ANNOTATION_CREATE_ONLY } from '../resources/meta.ts';
import type { KubeObject } from '../resources/k8s-types.ts';
import { UsageError } from './io.ts';
import type { CliIo } from './io.ts';

export const RENDER_USAGE = `Usage: hermes-operator render -f <instance.yaml|-> [--defaults <cluster-defaults.yaml>] [-n <namespace>]

Prints every object the HermesInstance(s) in the file would produce, as multi-document YAML.

Options:
  -f, --file <path>       HermesInstance YAML (one or more documents); - reads standard input
      --defaults <path>   a HermesClusterDefaults to merge (as the defaulting webhook would)
  -n, --namespace <ns>    namespace for instances whose metadata has none (default: default)
  -h, --help              show this help
`;

interface RenderOptions {
  file: string;
  defaults?: string;
  namespace: string;
}

export function parseRenderArgs(args: string[]): RenderOptions | 'help' {
  let file: string | undefined;
  let defaults: string | undefined;
  let namespace = 'default';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    const [flag, inline] =
      arg.startsWith('--') && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === '-h' || flag === '--help') return 'help';
    else if (flag === '-f' || flag === '--file') file = value();
    else if (flag === '--defaults') defaults = value();
    else if (flag === '-n' || flag === '--namespace') namespace = value();
    else throw new UsageError(`unknown option ${arg}`);
  }
  if (!file) throw new UsageError('-f <file> is required');
  return defaults === undefined ? { file, namespace } : { file, defaults, namespace };
}

class InputError extends Error {
  override name = 'InputError';
}

function documents(text: string, source: string): unknown[] {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) return [];
  const out: unknown[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new InputError(`${source}: invalid YAML: ${doc.errors[0]?.message ?? ''}`);
    const value: unknown = doc.toJS();
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

function kindOf(doc: unknown): unknown {
  return typeof doc === 'object' && doc !== null ? (doc as { kind?: unknown }).kind : undefined;
}

/** Schema errors as `<source>: <path>: <message>` lines; throws when there are any. */
function check(kind: 'HermesInstance' | 'HermesClusterDefaults', doc: unknown, source: string) {
  const errors = validate(kind, doc);
  if (errors.length) {
    const lines = formatErrors(errors)
      .split('\n')
      .map((l) => `${source}: ${l}`);
    throw new InputError(`invalid ${kind}:\n${lines.join('\n')}`);
  }
}

async function loadDefaults(io: CliIo, path: string): Promise<HermesClusterDefaults> {
  const docs = documents(await io.readInput(path), path);
  if (docs.length !== 1 || kindOf(docs[0]) !== 'HermesClusterDefaults') {
    throw new InputError(`${path}: expected one HermesClusterDefaults document`);
  }
  check('HermesClusterDefaults', docs[0], path);
  return applyDefaults('HermesClusterDefaults', docs[0]);
}

/**
 * The admission webhook's own rules on the instance after its defaulting (what the API server
 * would call): denials fail the render, warnings are printed.
 */
function admission(
  instance: InstanceObject,
  defaults: HermesClusterDefaults | undefined,
  where: string,
  io: CliIo,
) {
  const cd = defaults as HermesClusterDefaultsResource | undefined;
  const obj = { ...instance, spec: defaultInstanceSpec(instance.spec, cd) } as HermesInstanceResource;
  const { denials, warnings } = checkInstance(obj, undefined, cd);
  for (const w of warnings) io.stderr(`warning: ${where}: ${w}\n`);
  if (denials.length)
    throw new InputError(`invalid HermesInstance:\n${denials.map((d) => `${where}: ${d}`).join('\n')}`);
}

async function loadInstances(
  io: CliIo,
  opts: RenderOptions,
  defaults: HermesClusterDefaults | undefined,
): Promise<InstanceObject[]> {
  const source = opts.file === '-' ? '<stdin>' : opts.file;
  const docs = documents(await io.readInput(opts.file), source);
  if (docs.length === 0) throw new InputError(`${source}: no HermesInstance found`);
  return docs.map((doc, i) => {
    const where = docs.length > 1 ? `${source}[${i}]` : source;
    if (kindOf(doc) !== 'HermesInstance') {
      throw new InputError(`${where}: expected kind HermesInstance, got ${JSON.stringify(kindOf(doc))}`);
    }
    // Read from a cluster (kubectl get -o yaml) the object has server fields the schema does not list.
    const { metadata, status, ...rest } = doc as { metadata?: Record<string, unknown>; status?: unknown };
    const named = metadata?.['name'] === undefined ? {} : { name: metadata['name'] };
    check('HermesInstance', { ...rest, metadata: named }, where);
    const instance = applyDefaults('HermesInstance', {
      ...rest,
      metadata: named,
    }) as unknown as InstanceObject;
    instance.metadata = {
      ...metadata,
      namespace: (metadata?.['namespace'] as string | undefined) ?? opts.namespace,
    };
    if (status !== undefined) instance.status = status as InstanceObject['status'];
    if (!instance.metadata.name) throw new InputError(`${where}: metadata.name: is required`);
    admission(instance, defaults, where, io);
    return instance;
  });
}

const PLACEHOLDER_NOTE =
  '# Created once by the controller with a random value; the value shown is a placeholder.\n';

/** Multi-document YAML; create-only objects carry a note that their values are placeholders. */
export function toYaml(objects: KubeObject[]): string {
  return objects
    .map((o) => {
      const note = o.metadata.annotations?.[ANNOTATION_CREATE_ONLY] === 'true' ? PLACEHOLDER_NOTE : '';
      return `---\n${note}${stringify(o, { lineWidth: 0, aliasDuplicateObjects: false })}`;
    })
    .join('');
}

export async function render(args: string[], io: CliIo): Promise<number> {
  let opts: RenderOptions | 'help';
  try {
    opts = parseRenderArgs(args);
  } catch (err) {
    io.stderr(`hermes-operator render: ${(err as Error).message}\n\n${RENDER_USAGE}`);
    return 2;
  }
  if (opts === 'help') {
    io.stdout(RENDER_USAGE);
    return 0;
  }
  try {
    const defaults = opts.defaults === undefined ? undefined : await loadDefaults(io, opts.defaults);
    const instances = await loadInstances(io, opts, defaults);
    const objects = instances.flatMap((instance) => buildAll(instance, defaults, RENDER_CONTEXT));
    io.stdout(toYaml(objects));
    return 0;
  } catch (err) {
    const message =
      err instanceof InputError ? err.message : `${(err as Error).name}: ${(err as Error).message}`;
    io.stderr(`hermes-operator render: ${message}\n`);
    return 1;
  }
}
