// Owner references: the controller reference that makes deletion cascade and routes child events
// to the owner's reconcile (controller-runtime's SetControllerReference).
import type { KubeObject, OwnerReference } from '../client/types.ts';

/** The child already has a different controller; Kubernetes allows only one. */
export class AlreadyOwnedError extends Error {
  override name = 'AlreadyOwnedError';
  readonly existing: OwnerReference;
  constructor(child: string, existing: OwnerReference) {
    super(`${child} is already controlled by ${existing.kind} ${existing.name} (uid ${existing.uid})`);
    this.existing = existing;
  }
}

function describe(obj: KubeObject): string {
  const { namespace, name } = obj.metadata;
  return `${obj.kind} ${namespace ? `${namespace}/` : ''}${name ?? '<unnamed>'}`;
}

/** The controller owner reference for `owner`. Throws when the owner has no uid (not yet created). */
export function controllerReference(owner: KubeObject): OwnerReference {
  const { name, uid } = owner.metadata;
  if (!name || !uid)
    throw new Error(`${describe(owner)} has no name or uid: read it from the API server first`);
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name,
    uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/**
 * Sets `owner` as the controller of `child` (in place, returning `child`), keeping every other
 * owner reference. Cross-namespace and cluster-scoped children of namespaced owners are refused,
 * as the garbage collector would ignore (or delete) them.
 */
export function setControllerReference<T extends KubeObject>(owner: KubeObject, child: T): T {
  const ref = controllerReference(owner);
  const ownerNs = owner.metadata.namespace;
  if (ownerNs && child.metadata.namespace !== ownerNs) {
    throw new Error(
      `${describe(owner)} cannot own ${describe(child)}: owner references must stay in one namespace`,
    );
  }
  const refs = child.metadata.ownerReferences ?? [];
  const other = refs.find((r) => r.controller === true && r.uid !== ref.uid);
  if (other) throw new AlreadyOwnedError(describe(child), other);
  child.metadata.ownerReferences = [...refs.filter((r) => r.uid !== ref.uid), ref];
  return child;
}

/** Adds a non-controller owner reference (e.g. a shared object several owners keep alive). */
export function setOwnerReference<T extends KubeObject>(owner: KubeObject, child: T): T {
  const { controller: _c, blockOwnerDeletion: _b, ...ref } = controllerReference(owner);
  const refs = child.metadata.ownerReferences ?? [];
  const existing = refs.find((r) => r.uid === ref.uid);
  child.metadata.ownerReferences = existing
    ? refs.map((r) => (r.uid === ref.uid ? { ...r, ...ref } : r))
    : [...refs, ref];
  return child;
}

/** The controller owner reference of `obj`, if any. */
export function getControllerOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}
