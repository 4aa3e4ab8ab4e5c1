// A small in-memory KubeClient for unit tests of the write path: it keeps objects by key, bumps
// resourceVersions, enforces optimistic concurrency on update, applies JSON and merge patches,
// and records every request. It is not a Kubernetes model (no defaulting, no validation): tests
// that need the API server's behaviour are integration tests.
import {
  AlreadyExistsError,
  ConflictError,
  InvalidError,
  NotFoundError,
} from '../../../src/client/errors.ts';
import type { KubeApiErrorInit } from '../../../src/client/errors.ts';
import type {
  ApplyOptions,
  KubeClient,
  KubeObject,
  ObjectRef,
  PatchType,
  RequestOptions,
  WriteOptions,
} from '../../../src/client/types.ts';
import { isPlainObject, jsonEqual } from '../../../src/apply/json-equal.ts';

export interface RecordedRequest {
  verb: 'get' | 'create' | 'update' | 'patch' | 'apply' | 'delete';
  key: string;
  body?: unknown;
  patchType?: PatchType;
  opts?: unknown;
}

export interface FakeClient extends KubeClient {
  readonly requests: RecordedRequest[];
  readonly objects: Map<string, KubeObject>;
  /** Makes the next request of `verb` fail with `err`. */
  failNext(verb: RecordedRequest['verb'], err: Error): void;
}

function keyOf(ref: { apiVersion: string; kind: string; name?: string; namespace?: string }): string {
  return `${ref.apiVersion}/${ref.kind}/${ref.namespace ?? ''}/${ref.name ?? ''}`;
}

function init(statusCode: number, reason: string, message: string): KubeApiErrorInit {
  return { statusCode, reason, message };
}

const clone = <T>(x: T): T => structuredClone(x);

function decode(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** RFC 6902 for the ops the apply module sends (test, add, remove, replace). */
function applyJsonPatch(target: KubeObject, ops: unknown): KubeObject {
  const doc = clone(target) as Record<string, unknown>;
  for (const raw of ops as { op: string; path: string; value?: unknown }[]) {
    const parts = raw.path.split('/').slice(1).map(decode);
    const last = parts.pop() ?? '';
    let parent: unknown = doc;
    for (const p of parts) parent = (parent as Record<string, unknown> | undefined)?.[p];
    const container = parent as Record<string, unknown> | unknown[] | undefined;
    const current = Array.isArray(container) ? container[Number(last)] : container?.[last];
    if (raw.op === 'test') {
      if (!jsonEqual(current ?? null, raw.value ?? null)) {
        throw new InvalidError(
          init(
            422,
            'Invalid',
            `the server rejected our request due to an error in our request: testing value ${raw.path} failed`,
          ),
        );
      }
    } else if (raw.op === 'add' || raw.op === 'replace') {
      if (Array.isArray(container)) {
        if (last === '-') container.push(raw.value);
        else container.splice(Number(last), raw.op === 'add' ? 0 : 1, raw.value);
      } else if (isPlainObject(container)) container[last] = raw.value;
      else throw new InvalidError(init(422, 'Invalid', `path ${raw.path} has no parent`));
    } else if (raw.op === 'remove') {
      if (current === undefined)
        throw new InvalidError(init(422, 'Invalid', `path ${raw.path} does not exist`));
      if (Array.isArray(container)) container.splice(Number(last), 1);
      else delete (container as Record<string, unknown>)[last];
    }
  }
  return doc as KubeObject;
}

/** RFC 7386. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

export function createFakeClient(initial: KubeObject[] = []): FakeClient {
  const objects = new Map<string, KubeObject>();
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, Error>();
  let rv = 100;
  let uid = 0;

  function store(obj: KubeObject): KubeObject {
    const saved = clone(obj);
    saved.metadata.resourceVersion = String(++rv);
    if (saved.metadata.finalizers?.length === 0) delete saved.metadata.finalizers;
    objects.set(keyOf({ ...saved, ...saved.metadata }), saved);
    return clone(saved);
  }

  function maybeFail(verb: RecordedRequest['verb']): void {
    const err = failures.get(verb);
    if (err) {
      failures.delete(verb);
      throw err;
    }
  }

  function mustGet(ref: ObjectRef): KubeObject {
    const obj = objects.get(keyOf(ref));
    if (!obj) throw new NotFoundError(init(404, 'NotFound', `${ref.kind} "${ref.name}" not found`));
    return obj;
  }

  for (const obj of initial) {
    obj.metadata.uid ??= `uid-${++uid}`;
    store(obj);
  }

  const notInFake = (): never => {
    throw new Error('not implemented by the fake client');
  };

  const client: FakeClient = {
    requests,
    objects,
    failNext(verb, err) {
      failures.set(verb, err);
    },
    server: 'https://fake.invalid',
    get<T extends KubeObject = KubeObject>(ref: ObjectRef, opts?: RequestOptions): Promise<T> {
      requests.push({ verb: 'get', key: keyOf(ref), opts });
      return Promise.resolve().then(() => {
        maybeFail('get');
        return clone(mustGet(ref)) as T;
      });
    },
    create<T extends KubeObject>(obj: T, opts?: WriteOptions): Promise<T> {
      requests.push({ verb: 'create', key: keyOf({ ...obj, ...obj.metadata }), body: clone(obj), opts });
      return Promise.resolve().then(() => {
        maybeFail('create');
        const key = keyOf({ ...obj, ...obj.metadata });
        if (objects.has(key))
          throw new AlreadyExistsError(
            init(409, 'AlreadyExists', `${obj.kind} "${obj.metadata.name}" already exists`),
          );
        const created = clone(obj);
        created.metadata.uid = `uid-${++uid}`;
        created.metadata.creationTimestamp = '2026-01-01T00:00:00Z';
        return store(created) as T;
      });
    },
    update<T extends KubeObject>(obj: T, opts?: WriteOptions): Promise<T> {
      requests.push({ verb: 'update', key: keyOf({ ...obj, ...obj.metadata }), body: clone(obj), opts });
      return Promise.resolve().then(() => {
        maybeFail('update');
        const live = mustGet({ ...obj, name: obj.metadata.name ?? '', namespace: obj.metadata.namespace });
        if (obj.metadata.resourceVersion !== live.metadata.resourceVersion) {
          throw new ConflictError(
            init(
              409,
              'Conflict',
              'the object has been modified; please apply your changes to the latest version and try again',
            ),
          );
        }
        const next =
          opts?.subresource === 'status'
            ? { ...clone(live), status: obj['status'] }
            : { ...clone(obj), status: live['status'] };
        if (next.status === undefined) delete next.status;
        next.metadata =
          opts?.subresource === 'status' ? next.metadata : { ...next.metadata, uid: live.metadata.uid };
        return store(next) as T;
      });
    },
    patch<T extends KubeObject = KubeObject>(
      ref: ObjectRef,
      type: PatchType,
      body: unknown,
      opts?: WriteOptions,
    ): Promise<T> {
      requests.push({ verb: 'patch', key: keyOf(ref), body: clone(body), patchType: type, opts });
      return Promise.resolve().then(() => {
        maybeFail('patch');
        const live = mustGet(ref);
        const next = type === 'json' ? applyJsonPatch(live, body) : (mergePatch(live, body) as KubeObject);
        return store(next) as T;
      });
    },
    apply<T extends KubeObject>(obj: T, opts: ApplyOptions): Promise<T> {
      requests.push({ verb: 'apply', key: keyOf({ ...obj, ...obj.metadata }), body: clone(obj), opts });
      return Promise.resolve().then(() => {
        maybeFail('apply');
        const key = keyOf({ ...obj, ...obj.metadata });
        const live = objects.get(key);
        const next = (live ? mergePatch(live, obj) : clone(obj)) as KubeObject;
        next.metadata.uid ??= `uid-${++uid}`;
        return store(next) as T;
      });
    },
    delete(ref: ObjectRef): Promise<void> {
      requests.push({ verb: 'delete', key: keyOf(ref) });
      return Promise.resolve().then(() => {
        maybeFail('delete');
        mustGet(ref);
        objects.delete(keyOf(ref));
      });
    },
    list: notInFake,
    listAll: notInFake,
    watch: notInFake,
    resourceFor: notInFake,
    invalidateDiscovery: notInFake,
  };
  return client;
}
