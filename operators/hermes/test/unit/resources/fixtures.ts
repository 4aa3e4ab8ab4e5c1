// Shared inputs for the builder tests and helpers to find objects and containers in a build.
// Feature tests build from partial specs without schema defaulting (the builders fall back to the
// schema defaults themselves; build-all.test.ts proves both agree on the examples), which keeps
// the schema compiler out of their imports. examples.ts has the defaulted examples.
import { RENDER_CONTEXT, buildAll, buildInput } from '../../../src/resources/index.ts';
import type { BuildContext, BuildInput, InstanceObject } from '../../../src/resources/index.ts';
import type { Container, Json, KubeObject, PodSpec } from '../../../src/resources/k8s-types.ts';

export const NAMESPACE = 'agents';
export const UID = '3f1c2a9e-0000-4000-8000-000000000001';

export const CONTEXT: BuildContext = { ...RENDER_CONTEXT };

/**
 * A spec as a user writes it: fields with schema defaults may be left out (the static type, which
 * describes stored objects, requires them) and pass-through parts take any core/v1 field.
 */
export type SpecInput = Record<string, unknown>;

/** An instance named `h` in namespace agents with the given spec. */
export function instance(spec: SpecInput, status?: InstanceObject['status']): InstanceObject {
  const obj: InstanceObject = {
    metadata: { name: 'h', namespace: NAMESPACE, uid: UID },
    spec: structuredClone(spec),
  };
  if (status) obj.status = status;
  return obj;
}

export function build(
  inst: InstanceObject,
  context: BuildContext = CONTEXT,
  defaults?: { spec: Record<string, unknown> },
): KubeObject[] {
  return buildAll(inst, defaults, context);
}

export function input(inst: InstanceObject, context: BuildContext = CONTEXT): BuildInput {
  return buildInput(inst, undefined, context);
}

export function find(objs: KubeObject[], kind: string, name?: string): KubeObject | undefined {
  return objs.find((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
}

export function get(objs: KubeObject[], kind: string, name?: string): KubeObject {
  const o = find(objs, kind, name);
  if (!o) throw new Error(`no ${kind}${name ? ` ${name}` : ''} in ${objs.map((x) => x.kind).join(', ')}`);
  return o;
}

/** The pod spec of a StatefulSet or Deployment. */
export function podSpec(workload: KubeObject): PodSpec {
  return (workload['spec'] as { template: { spec: PodSpec } }).template.spec;
}

export function agentPod(objs: KubeObject[]): PodSpec {
  return podSpec(get(objs, 'StatefulSet', 'h'));
}

export function containerOf(pod: PodSpec, name: string): Container {
  const c = [...(pod.initContainers ?? []), ...pod.containers].find((x) => x.name === name);
  if (!c) throw new Error(`no container ${name}`);
  return c;
}

export function envOf(c: Container): Record<string, unknown> {
  return Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? e.valueFrom]));
}

export function spec(o: KubeObject): Json {
  return o['spec'] as Json;
}
