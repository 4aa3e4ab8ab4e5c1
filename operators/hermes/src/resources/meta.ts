// Labels, selectors, owner references and object metadata shared by every child.
import type { OwnerReference } from '@agent-operators/runtime/client';
import type { ObjectMeta } from './k8s-types.ts';

export const LABEL_NAME = 'app.kubernetes.io/name';
export const LABEL_INSTANCE = 'app.kubernetes.io/instance';
export const LABEL_COMPONENT = 'app.kubernetes.io/component';
export const LABEL_MANAGED_BY = 'app.kubernetes.io/managed-by';
export const LABEL_HERMES_INSTANCE = 'hermes.agent/instance';

export const APP_NAME = 'hermes-agent';
export const MANAGED_BY = 'hermes-operator';

/** Pod template annotations whose change rolls the pods. */
export const ANNOTATION_CONFIG_HASH = 'hermes.agent/config-hash';
export const ANNOTATION_SECRET_HASH = 'hermes.agent/secret-hash';
/** Marks an object the controller creates once and never updates (generated credentials). */
export const ANNOTATION_CREATE_ONLY = 'hermes.agent/create-only';

/** The annotations of a create-only object (ANNOTATION_CREATE_ONLY as a literal key). */
export function createOnlyAnnotations(): Record<string, string> {
  return { 'hermes.agent/create-only': 'true' };
}

export type Component =
  | 'agent'
  | 'config'
  | 'workspace'
  | 'storage'
  | 'rbac'
  | 'network-policy'
  | 'api-key'
  | 'availability'
  | 'ingress'
  | 'monitoring'
  | 'ollama'
  | 'honcho-api'
  | 'honcho-deriver'
  | 'honcho-postgres'
  | 'honcho-redis'
  | 'honcho';

/** The labels that select the pods of one component (immutable on StatefulSets and Deployments). */
export function selectorLabels(instance: string, component: Component): Record<string, string> {
  // Literal keys (the LABEL_* values), not computed ones: every child gets these, and a literal
  // is several times cheaper to create than an object with computed keys or a spread.
  return {
    'app.kubernetes.io/name': APP_NAME,
    'app.kubernetes.io/instance': instance,
    'app.kubernetes.io/component': component,
  };
}

/** The labels every pod of an instance carries, whatever its component. */
export function instanceSelectorLabels(instance: string): Record<string, string> {
  return { 'app.kubernetes.io/name': APP_NAME, 'app.kubernetes.io/instance': instance };
}

export function labels(instance: string, component: Component): Record<string, string> {
  return {
    'app.kubernetes.io/name': APP_NAME,
    'app.kubernetes.io/instance': instance,
    'app.kubernetes.io/component': component,
    'app.kubernetes.io/managed-by': MANAGED_BY,
    'hermes.agent/instance': instance,
  };
}

/** Label and annotation keys the operator owns (overwritten on update; others are preserved). */
export function isOwnedKey(key: string): boolean {
  return key.startsWith('hermes.agent/') || key.startsWith('app.kubernetes.io/');
}

/**
 * The controller reference to the instance, or undefined when the instance has no uid yet (a
 * file given to `render`): a reference with a made-up uid would let the garbage collector delete
 * whatever it is applied to.
 */
export function ownerReference(instance: {
  metadata?: { uid?: string; name?: string };
}): OwnerReference | undefined {
  const uid = instance.metadata?.uid;
  const name = instance.metadata?.name;
  if (!uid || !name) return undefined;
  return {
    apiVersion: 'hermes.agent/v1',
    kind: 'HermesInstance',
    name,
    uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

export function objectMeta(
  name: string,
  namespace: string,
  objLabels: Record<string, string>,
  owner: OwnerReference | undefined,
  annotations?: Record<string, string>,
): ObjectMeta {
  const meta: ObjectMeta = { name, namespace, labels: objLabels };
  if (annotations && Object.keys(annotations).length > 0) meta.annotations = annotations;
  if (owner) meta.ownerReferences = [owner];
  return meta;
}
