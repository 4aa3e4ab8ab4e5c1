// HermesSelfConfig: check an agent's request against its instance's selfConfigure policy, apply
// what is allowed by server-side apply (field manager hermes.agent/selfconfig), record the outcome,
// and delete finished requests after a TTL.
//
// One worker: requests for one instance are read-modify-write on the manager's field set, so they
// must not run concurrently.
import { applyObject, updateStatusIfChanged } from '@agent-operators/runtime/apply';
import { isConflict, isForbidden, isInvalid, isNotFound } from '@agent-operators/runtime/client';
import type { KubeApiError, KubeObject } from '@agent-operators/runtime/client';
import { controllerFor, generationChanged } from '@agent-operators/runtime/controller';
import type { Controller, ReconcileContext, Request, Result } from '@agent-operators/runtime/controller';
import type { HermesInstanceResource } from '../../api/v1/hermes-instance.ts';
import type { HermesSelfConfigResource } from '../../api/v1/hermes-self-config.ts';
import {
  CONTROLLER_NAMES,
  INSTANCE_KIND,
  OPERATOR_FIELD_MANAGER,
  SELFCONFIG_FIELD_MANAGER,
  SELFCONFIG_KIND,
} from '../constants.ts';
import { clock } from '../deps.ts';
import type { ControllerDeps } from '../deps.ts';
import { conflictFields, parseFieldPath, removeField } from './conflicts.ts';
import { extractApplied } from './managed-fields.ts';
import { planApply } from './plan.ts';
import { checkPolicy } from './policy.ts';
import { finishedAt, selfConfigStatus } from './status.ts';
import type { Outcome } from './status.ts';

export interface SelfConfigOptions {
  /** Finished requests are deleted this long after they finished. */
  ttlMs: number;
}

const INSTANCE_REF_INDEX = 'hermes.agent/instanceRef';
const MAX_CONFLICT_ROUNDS = 5;

/** An API answer retrying cannot change: the object is invalid or an admission webhook refused it. */
function isFinalRejection(err: unknown): err is KubeApiError {
  return isInvalid(err) || (isForbidden(err) && /admission webhook/i.test(err.message));
}

export async function selfConfigController(
  deps: ControllerDeps,
  opts: SelfConfigOptions,
): Promise<Controller> {
  const requests = await deps.cache.getInformer<HermesSelfConfigResource>(SELFCONFIG_KIND);
  const instances = await deps.cache.getInformer<HermesInstanceResource>(INSTANCE_KIND);
  try {
    requests.addIndex(INSTANCE_REF_INDEX, (o) => [`${o.metadata.namespace ?? ''}/${o.spec.instanceRef}`]);
  } catch {
    // Already indexed: a second operator on the same cache (tests) shares the informer.
  }

  /** An instance change wakes the requests still waiting for it. */
  const openRequestsOf = (inst: KubeObject): Request[] =>
    requests.store
      .byIndex(INSTANCE_REF_INDEX, `${inst.metadata.namespace ?? ''}/${inst.metadata.name ?? ''}`)
      .filter((r) => !finishedAt(r))
      .map((r) => ({ namespace: r.metadata.namespace!, name: r.metadata.name! }));

  async function writeStatus(obj: HermesSelfConfigResource, outcome: Outcome, ctx: ReconcileContext) {
    const status = selfConfigStatus(obj, outcome, clock(deps));
    await updateStatusIfChanged(deps.client, obj, status, {
      fieldManager: OPERATOR_FIELD_MANAGER,
      signal: ctx.signal,
    });
  }

  /** Applies, dropping fields another manager owns; returns the skipped field paths. */
  async function applyWithoutTakeover(object: KubeObject, ctx: ReconcileContext): Promise<string[]> {
    const skipped: string[] = [];
    for (let round = 0; ; round++) {
      try {
        await applyObject(deps.client, object, {
          fieldManager: SELFCONFIG_FIELD_MANAGER,
          signal: ctx.signal,
        });
        return skipped;
      } catch (err) {
        const fields = isConflict(err) ? conflictFields(err) : [];
        if (fields.length === 0 || round >= MAX_CONFLICT_ROUNDS) throw err;
        let removed = false;
        for (const field of fields) {
          removed = removeField(object, parseFieldPath(field)) || removed;
          skipped.push(field);
        }
        if (!removed) throw err;
        const spec = object['spec'] as Record<string, unknown> | undefined;
        if (!spec || Object.keys(spec).length === 0) return skipped;
      }
    }
  }

  async function reconcile(req: Request, ctx: ReconcileContext): Promise<Result | void> {
    const key = `${req.namespace}/${req.name}`;
    const hsc = requests.store.get(key);
    if (!hsc || hsc.metadata.deletionTimestamp) return;
    const now = clock(deps);

    const finished = finishedAt(hsc);
    if (finished) {
      const left = finished.getTime() + opts.ttlMs - now.getTime();
      if (left > 0) return { requeueAfter: left };
      try {
        await deps.client.delete(
          { apiVersion: hsc.apiVersion, kind: hsc.kind, namespace: req.namespace, name: req.name },
          { preconditions: { uid: hsc.metadata.uid! }, signal: ctx.signal },
        );
        ctx.log.info({ phase: hsc.status?.phase }, 'Deleted a finished HermesSelfConfig past its TTL');
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      return;
    }

    const instanceRef = { ...INSTANCE_KIND, namespace: req.namespace!, name: hsc.spec.instanceRef };
    const cached = instances.store.get(`${req.namespace}/${hsc.spec.instanceRef}`);
    let live: HermesInstanceResource | undefined;
    if (cached && !cached.metadata.deletionTimestamp) {
      // A fresh read with managedFields (the cache strips them): what this manager owns so far.
      live = await deps.client
        .get<HermesInstanceResource>(instanceRef, { signal: ctx.signal })
        .catch((err) => {
          if (isNotFound(err)) return undefined;
          throw err;
        });
    }
    if (!live || live.metadata.deletionTimestamp) {
      await writeStatus(
        hsc,
        {
          kind: 'pending',
          reason: 'InstanceNotFound',
          message: `HermesInstance ${hsc.spec.instanceRef} does not exist in ${req.namespace}`,
        },
        ctx,
      );
      return;
    }

    const decision = checkPolicy(hsc.spec, live.spec, hsc.spec.instanceRef);
    if (!decision.allowed) {
      await writeStatus(hsc, { kind: 'denied', reason: decision.reason, message: decision.message }, ctx);
      deps.recorder.record(hsc, {
        type: 'Warning',
        reason: 'Denied',
        action: 'CheckPolicy',
        note: decision.message,
        related: live,
      });
      deps.recorder.record(live, {
        type: 'Warning',
        reason: 'SelfConfigDenied',
        action: 'CheckPolicy',
        note: `HermesSelfConfig ${req.name}: ${decision.message}`,
        related: hsc,
      });
      ctx.log.info({ reason: decision.reason, message: decision.message }, 'HermesSelfConfig denied');
      return { requeueAfter: opts.ttlMs };
    }

    const plan = planApply(
      { name: hsc.spec.instanceRef, namespace: req.namespace! },
      extractApplied(live, SELFCONFIG_FIELD_MANAGER),
      hsc.spec,
    );
    if (!plan.ok) {
      await writeStatus(hsc, { kind: 'failed', reason: 'ActionUnsupported', message: plan.unsupported }, ctx);
      deps.recorder.record(hsc, {
        type: 'Warning',
        reason: 'Unsupported',
        action: 'Apply',
        note: plan.unsupported,
      });
      return { requeueAfter: opts.ttlMs };
    }

    let skipped: string[];
    try {
      skipped = await applyWithoutTakeover(plan.object, ctx);
    } catch (err) {
      if (!isFinalRejection(err)) throw err;
      const message = `the API server rejected the change: ${err.message}`.slice(0, 4000);
      await writeStatus(hsc, { kind: 'failed', reason: 'ApplyFailed', message }, ctx);
      deps.recorder.record(hsc, { type: 'Warning', reason: 'ApplyFailed', action: 'Apply', note: message });
      return { requeueAfter: opts.ttlMs };
    }
    await writeStatus(hsc, { kind: 'applied', skippedFields: skipped }, ctx);
    for (const field of skipped) {
      deps.recorder.record(hsc, {
        type: 'Warning',
        reason: 'FieldSkipped',
        action: 'Apply',
        note: `${field} is owned by another field manager; left as it is`,
        related: live,
      });
    }
    deps.recorder.record(live, {
      type: 'Normal',
      reason: 'SelfConfigApplied',
      action: 'Apply',
      note: `HermesSelfConfig ${req.name} applied${hsc.spec.reason ? `: ${hsc.spec.reason}` : ''}`,
      related: hsc,
    });
    ctx.log.info({ skipped: skipped.length }, 'HermesSelfConfig applied');
    return { requeueAfter: opts.ttlMs };
  }

  return controllerFor(CONTROLLER_NAMES.selfConfig)
    .for(SELFCONFIG_KIND, { predicates: [generationChanged] })
    .watches<HermesInstanceResource>(INSTANCE_KIND, openRequestsOf)
    .build(reconcile);
}
