// PersistentVolumeClaims: <name>-data for $HERMES_HOME and <name>-ollama for the model cache.
// Created once and never updated (their spec is immutable); size changes need a manual expansion.
// <name>-data is not built when storage is off, uses existingClaim, or the StatefulSet gets one
// claim per replica (an HPA: each replica needs its own data directory).
import { fromInput } from './builder.ts';
import type { BuildInput } from './input.ts';
import type { Json, KubeObject } from './k8s-types.ts';
import { labels, objectMeta } from './meta.ts';
import type { Component } from './meta.ts';

export const OLLAMA_DEFAULT_SIZE = '20Gi';

export function claimSpec(accessModes: string[], size: string | number, storageClassName?: string): Json {
  const spec: Json = {
    accessModes,
    resources: { requests: { storage: String(size) } },
    volumeMode: 'Filesystem',
  };
  if (storageClassName !== undefined) spec['storageClassName'] = storageClassName;
  return spec;
}

function claim(
  input: BuildInput,
  name: string,
  component: Component,
  spec: Json,
  annotations?: Record<string, string>,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: objectMeta(name, input.namespace, labels(input.name, component), input.owner, annotations),
    spec,
  };
}

/** The data claim's spec (also the StatefulSet's volumeClaimTemplate with per-replica claims). */
export function dataClaimSpec(input: BuildInput): Json {
  const s = input.spec.storage ?? {};
  return claimSpec(s.accessModes ?? ['ReadWriteOnce'], s.size ?? '10Gi', s.storageClassName);
}

export function dataClaimFrom(input: BuildInput): KubeObject | undefined {
  const s = input.spec.storage ?? {};
  if (!(s.enabled ?? true) || s.existingClaim || input.perReplicaClaims) return undefined;
  return claim(input, input.names.dataClaim, 'storage', dataClaimSpec(input), s.annotations);
}

export function ollamaClaimSpec(input: BuildInput): Json {
  const st = input.spec.ollama?.storage ?? {};
  return claimSpec(['ReadWriteOnce'], st.size ?? OLLAMA_DEFAULT_SIZE, st.storageClassName);
}

/** With per-replica claims the model cache is a volumeClaimTemplate of the StatefulSet instead. */
export function ollamaClaimFrom(input: BuildInput): KubeObject | undefined {
  const o = input.spec.ollama;
  if (!o?.enabled || !o.storage || input.perReplicaClaims) return undefined;
  return claim(input, input.names.ollamaClaim, 'ollama', ollamaClaimSpec(input));
}

export const buildDataClaim = fromInput(dataClaimFrom);
export const buildOllamaClaim = fromInput(ollamaClaimFrom);
