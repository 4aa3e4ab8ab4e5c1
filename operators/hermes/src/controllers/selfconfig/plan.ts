// The server-side apply configuration for one HermesSelfConfig: everything the selfconfig field
// manager applied to the instance before, plus this request. Re-applying it is a no-op; other
// managers' fields are never part of it, so GitOps tools keep theirs.
import type { KubeObject } from '@agent-operators/runtime/client';
import { HermesInstanceSpec as HermesInstanceSpecSchema } from '../../api/v1/hermes-instance.ts';
import type { HermesSelfConfigSpec } from '../../api/v1/hermes-self-config.ts';
import { HERMES_API_VERSION } from '../constants.ts';
import { profileSnapshotPath } from './actions.ts';
import { mergePatch } from './merge-patch.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type ApplyPlan = { ok: true; object: KubeObject } | { ok: false; unsupported: string };

/** Whether the HermesInstance API has a field for skills (spec.skills, keyed by source). */
export function instanceHasSkillsField(): boolean {
  return 'skills' in (HermesInstanceSpecSchema as unknown as { properties: Obj }).properties;
}

function child(parent: Obj, key: string): Obj {
  const v = parent[key];
  if (isObject(v)) return v;
  const fresh: Obj = {};
  parent[key] = fresh;
  return fresh;
}

/** Replaces or appends list items by key (the list-map semantics of the instance schema). */
function upsert(list: unknown, items: Obj[], key: string): Obj[] {
  const out = (Array.isArray(list) ? list : []).filter(isObject);
  for (const item of items) {
    const i = out.findIndex((o) => o[key] === item[key]);
    if (i >= 0) out[i] = item;
    else out.push(item);
  }
  return out;
}

/**
 * `owned` is what the manager applied so far (extractApplied); `request` the new changes; the
 * result is the full apply configuration to send.
 */
export function planApply(
  instance: { name: string; namespace: string },
  owned: Obj,
  request: HermesSelfConfigSpec,
): ApplyPlan {
  const spec = isObject(owned['spec']) ? structuredClone(owned['spec']) : {};
  if (request.addSkills?.length) {
    if (!instanceHasSkillsField()) {
      return {
        ok: false,
        unsupported:
          'addSkills: the HermesInstance API has no spec.skills field to install skills from yet; nothing was applied',
      };
    }
    spec['skills'] = upsert(
      spec['skills'],
      request.addSkills.map((s) => ({ ...s })),
      'source',
    );
  }
  if (request.patchConfig !== undefined) {
    const config = child(spec, 'config');
    const raw = mergePatch(config['raw'], request.patchConfig);
    config['raw'] = isObject(raw) ? raw : {};
  }
  if (request.addEnvVars?.length) {
    spec['env'] = upsert(
      spec['env'],
      request.addEnvVars.map((e) => ({ ...e })),
      'name',
    );
  }
  const files: Obj[] = (request.addWorkspaceFiles ?? []).map((f) => ({ path: f.path, content: f.content }));
  if (request.addProfileSnapshot) {
    const { profileID, data } = request.addProfileSnapshot;
    files.push({ path: profileSnapshotPath(profileID), content: data });
  }
  if (files.length > 0) {
    const workspace = child(spec, 'workspace');
    workspace['files'] = upsert(workspace['files'], files, 'path');
  }
  return {
    ok: true,
    object: {
      apiVersion: HERMES_API_VERSION,
      kind: 'HermesInstance',
      metadata: { name: instance.name, namespace: instance.namespace },
      spec,
    },
  };
}
