// Applying the desired children of one instance: ensure each (create, update what drifted, never
// update PVCs or create-only Secrets), skip kinds the cluster does not serve, and prune children
// no longer desired. Reads come from the label-selected caches; writes go through `ensure`.
import { ensure } from '@agent-operators/runtime/apply';
import type { Informer } from '@agent-operators/runtime/cache';
import { controllerUIDIndex } from '@agent-operators/runtime/cache';
import { isInvalid, isNotFound } from '@agent-operators/runtime/client';
import type { KubeClient, KubeObject } from '@agent-operators/runtime/client';
import { ANNOTATION_CREATE_ONLY, isOwnedKey } from '../../resources/index.ts';
import { OPERATOR_FIELD_MANAGER } from '../constants.ts';
import type { ApiAvailability } from './api-availability.ts';

export const kindId = (o: { apiVersion: string; kind: string }): string => `${o.apiVersion}/${o.kind}`;
export const childKey = (o: KubeObject): string =>
  `${kindId(o)}/${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
const display = (o: KubeObject): string => `${o.kind}/${o.metadata.name ?? ''}`;

export interface ChildFailure {
  object: KubeObject;
  error: unknown;
  /** The API server rejected the object itself (422): retrying cannot help until the spec changes. */
  invalid: boolean;
}

export interface ApplyOutcome {
  created: string[];
  updated: string[];
  /** Objects of kinds the cluster does not serve (their API is not installed). */
  skipped: KubeObject[];
  failed: ChildFailure[];
  /** The live object of each desired child that exists, by childKey. */
  live: Map<string, KubeObject>;
}

export interface ChildCaches {
  /** The label-selected informer of a kind, when the operator watches it. */
  informerFor(apiVersion: string, kind: string): Informer | undefined;
}

function isCreateOnly(o: KubeObject): boolean {
  return o.metadata.annotations?.[ANNOTATION_CREATE_ONLY] === 'true';
}

export async function ensureChildren(
  client: KubeClient,
  desired: readonly KubeObject[],
  caches: ChildCaches,
  apis: ApiAvailability,
  signal: AbortSignal,
): Promise<ApplyOutcome> {
  const out: ApplyOutcome = { created: [], updated: [], skipped: [], failed: [], live: new Map() };
  for (const obj of desired) {
    if (signal.aborted) throw signal.reason as Error;
    try {
      const informer = caches.informerFor(obj.apiVersion, obj.kind);
      if (!informer && !(await apis.served(obj.apiVersion, obj.kind))) {
        out.skipped.push(obj);
        continue;
      }
      const key = `${obj.metadata.namespace}/${obj.metadata.name ?? ''}`;
      const res = await ensure(client, obj, {
        // Without an informer (an API installed after start) ensure reads the object itself.
        ...(informer ? { current: informer.store.get(key) } : {}),
        ownedKey: isOwnedKey,
        fieldManager: OPERATOR_FIELD_MANAGER,
        createOnly: isCreateOnly(obj) || undefined,
        signal,
      });
      out.live.set(childKey(obj), res.object);
      if (res.result === 'created') out.created.push(display(obj));
      else if (res.result === 'updated') out.updated.push(display(obj));
    } catch (error) {
      if (signal.aborted) throw error;
      out.failed.push({ object: obj, error, invalid: isInvalid(error) });
    }
  }
  return out;
}

/**
 * Deletes children this instance controls that the builders no longer produce (a feature turned
 * off). PersistentVolumeClaims are kept: they hold the agent's data.
 */
export async function pruneChildren(
  client: KubeClient,
  ownerUid: string,
  desired: readonly KubeObject[],
  informers: readonly Informer[],
  signal: AbortSignal,
): Promise<string[]> {
  const wanted = new Set(desired.map(childKey));
  const deleted: string[] = [];
  for (const informer of informers) {
    for (const obj of informer.store.byIndex(controllerUIDIndex, ownerUid)) {
      if (obj.kind === 'PersistentVolumeClaim' || wanted.has(childKey(obj))) continue;
      try {
        await client.delete(
          {
            apiVersion: obj.apiVersion,
            kind: obj.kind,
            namespace: obj.metadata.namespace!,
            name: obj.metadata.name!,
          },
          { preconditions: { uid: obj.metadata.uid! }, signal, propagationPolicy: 'Background' },
        );
        deleted.push(display(obj));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }
  return deleted;
}
