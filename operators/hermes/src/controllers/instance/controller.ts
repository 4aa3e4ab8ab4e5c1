// HermesInstance: build the desired children (pure builders), ensure them, prune what is no
// longer desired, observe, write status when it changed, and come back for a drift check.
// Orchestration only: no object is constructed here.
import { updateStatusIfChanged } from '@agent-operators/runtime/apply';
import type { Informer } from '@agent-operators/runtime/cache';
import { isConflict } from '@agent-operators/runtime/client';
import type { KubeObject } from '@agent-operators/runtime/client';
import {
  annotationsChanged,
  controllerFor,
  generationChanged,
  labelsChanged,
  or,
} from '@agent-operators/runtime/controller';
import type {
  Controller,
  Predicate,
  ReconcileContext,
  Request,
  Result,
} from '@agent-operators/runtime/controller';
import type {
  HermesClusterDefaults,
  HermesClusterDefaultsResource,
} from '../../api/v1/hermes-cluster-defaults.ts';
import type { HermesInstanceResource, HermesInstanceStatus } from '../../api/v1/hermes-instance.ts';
import { buildAllFrom, buildInput, generateCreationSecrets, resolveSpec } from '../../resources/index.ts';
import type { BuildContext, BuildInput } from '../../resources/index.ts';
import { defaultsUsable } from '../clusterdefaults/status.ts';
import {
  CLUSTER_DEFAULTS_NAME,
  CLUSTERDEFAULTS_KIND,
  CONTROLLER_NAMES,
  INSTANCE_KIND,
  MANAGED_BY_SELECTOR,
  OPERATOR_FIELD_MANAGER,
} from '../constants.ts';
import { clock } from '../deps.ts';
import type { ControllerDeps } from '../deps.ts';
import { computeInstanceStatus } from '../status.ts';
import type { InstanceObservation, Phase } from '../status.ts';
import type { ApiAvailability } from './api-availability.ts';
import { childKey, ensureChildren, kindId, pruneChildren } from './children.ts';
import type { ApplyOutcome } from './children.ts';
import { dataDigest } from './digest.ts';
import { recordOutcomeEvents } from './events.ts';
import {
  configVerdict,
  endpointsOf,
  imageOf,
  managedResourcesOf,
  monitoringVerdict,
  profileStoreVerdict,
  secretsVerdict,
  storageVerdict,
  workloadOf,
} from './observe.ts';
import { referencedNames, referencedObjects } from './references.ts';
import type { References } from './references.ts';

export interface InstanceControllerOptions {
  /** A converged instance is reconciled again after this long (drift check). */
  driftPeriodMs: number;
  /** The child kinds to watch (label-selected); kinds the cluster did not serve at start are left out. */
  watchedKinds: ReadonlyArray<{ apiVersion: string; kind: string }>;
  apis: ApiAvailability;
  maxConcurrentReconciles?: number;
  /** Namespace the operator runs in (NetworkPolicy allowance for health checks). */
  operatorNamespace?: string;
  ingressControllerNamespaces?: string[];
}

const SECRET_REFS_INDEX = 'hermes.agent/secretRefs';
const CONFIGMAP_REFS_INDEX = 'hermes.agent/configMapRefs';

const dataChanged: Predicate = {
  update: (o, n) =>
    JSON.stringify([o['data'], o['binaryData']]) !== JSON.stringify([n['data'], n['binaryData']]),
};

function addIndex(informer: Informer, name: string, fn: (o: KubeObject) => string[]): void {
  try {
    informer.addIndex(name, fn);
  } catch {
    // Already there: another operator on the same cache (tests) added it.
  }
}

function refsOf(obj: KubeObject): References {
  return referencedObjects((obj as HermesInstanceResource).spec);
}

export async function instanceController(
  deps: ControllerDeps,
  opts: InstanceControllerOptions,
): Promise<Controller> {
  const { cache, client } = deps;
  const instances = await cache.getInformer<HermesInstanceResource>(INSTANCE_KIND);
  const defaults = await cache.getInformer<HermesClusterDefaultsResource>(CLUSTERDEFAULTS_KIND);
  const secrets = await cache.getInformer({ apiVersion: 'v1', kind: 'Secret' });
  const configMaps = await cache.getInformer({ apiVersion: 'v1', kind: 'ConfigMap' });
  const owned = new Map<string, Informer>();
  for (const k of opts.watchedKinds) {
    owned.set(kindId(k), await cache.getInformer({ ...k, labelSelector: MANAGED_BY_SELECTOR }));
  }
  const ns = (o: KubeObject) => o.metadata.namespace ?? '';
  addIndex(instances, SECRET_REFS_INDEX, (o) =>
    referencedNames(refsOf(o).secrets).map((n) => `${ns(o)}/${n}`),
  );
  addIndex(instances, CONFIGMAP_REFS_INDEX, (o) =>
    referencedNames(refsOf(o).configMaps).map((n) => `${ns(o)}/${n}`),
  );

  const referencing = (index: string) => (obj: KubeObject) =>
    instances.store
      .byIndex(index, `${ns(obj)}/${obj.metadata.name ?? ''}`)
      .map((i) => ({ namespace: ns(i), name: i.metadata.name! }));
  const everyInstance = (): Request[] =>
    instances.store.list().map((i) => ({ namespace: ns(i), name: i.metadata.name! }));

  const caches = { informerFor: (apiVersion: string, kind: string) => owned.get(`${apiVersion}/${kind}`) };

  /** The singleton when valid; builders then fill unset fields from it. */
  function clusterDefaults(): HermesClusterDefaults | undefined {
    const cd = defaults.store.get(CLUSTER_DEFAULTS_NAME);
    // A stored object that passed validation has the schema's shape (apiVersion and kind as literals).
    return cd && defaultsUsable(cd) ? (cd as unknown as HermesClusterDefaults) : undefined;
  }

  function buildContext(inst: HermesInstanceResource, refs: References): BuildContext {
    const lookup = (informer: Informer) => (name: string) => informer.store.get(`${ns(inst)}/${name}`);
    const context: BuildContext = {
      // Create-only Secrets take these at creation and are never updated, so fresh values each time are harmless.
      ...generateCreationSecrets(),
    };
    const secretDigest = dataDigest(referencedNames(refs.secrets), lookup(secrets));
    const configRefDigest = dataDigest(referencedNames(refs.configMaps), lookup(configMaps));
    if (secretDigest) context.secretDigest = secretDigest;
    if (configRefDigest) context.configRefDigest = configRefDigest;
    if (opts.operatorNamespace) context.operatorNamespace = opts.operatorNamespace;
    if (opts.ingressControllerNamespaces)
      context.ingressControllerNamespaces = opts.ingressControllerNamespaces;
    return context;
  }

  /** The HPA owns the replica count: the builder needs the live one. */
  function withObservedReplicas(input: BuildInput): void {
    const sts = owned.get('apps/v1/StatefulSet')?.store.get(`${input.namespace}/${input.names.statefulSet}`);
    const replicas = (sts?.['spec'] as { replicas?: number } | undefined)?.replicas;
    if (typeof replicas === 'number') input.context.observedReplicas = replicas;
  }

  async function writeStatus(
    inst: HermesInstanceResource,
    obs: InstanceObservation,
    ctx: ReconcileContext,
  ): Promise<HermesInstanceStatus> {
    const status = computeInstanceStatus(inst.status, obs, clock(deps));
    const { written } = await updateStatusIfChanged(client, inst, status, {
      fieldManager: OPERATOR_FIELD_MANAGER,
      signal: ctx.signal,
    });
    if (written) ctx.log.debug({ phase: status.phase }, 'Status updated');
    return status;
  }

  async function reconcile(req: Request, ctx: ReconcileContext): Promise<Result | void> {
    const inst = instances.store.get(`${req.namespace}/${req.name}`);
    // Deleted: the garbage collector removes the children through their owner references.
    if (!inst || inst.metadata.deletionTimestamp) return;
    const previousPhase: Phase | undefined = inst.status?.phase;
    const cd = clusterDefaults();
    const generation = inst.metadata.generation;

    let refs: References;
    let input: BuildInput;
    let desired: KubeObject[];
    try {
      refs = referencedObjects(resolveSpec(inst.spec, cd));
      input = buildInput(inst, cd, buildContext(inst, refs));
      withObservedReplicas(input);
      desired = buildAllFrom(input);
    } catch (err) {
      const message = `cannot build the children: ${(err as Error).message}`.slice(0, 4000);
      ctx.log.error({ err }, 'Build failed');
      const failed: InstanceObservation = {
        generation,
        suspended: inst.spec.suspended === true,
        resources: { reason: 'BuildFailed', message, final: true },
        config: { reason: 'Rendered', message: 'Not evaluated: the build failed.' },
        secrets: { reason: 'Found', message: 'Not evaluated: the build failed.' },
        storage: { reason: 'ClaimPending', message: 'Not evaluated: the build failed.' },
        profileStore: { reason: 'NotEnabled', message: 'Not evaluated: the build failed.' },
        monitoring: { reason: 'NotRequested', message: 'Not evaluated: the build failed.' },
        workload: undefined,
      };
      const status = await writeStatus(inst, failed, ctx);
      recordOutcomeEvents(deps.recorder, inst, previousPhase, status, emptyOutcome(), [], message);
      return { requeueAfter: opts.driftPeriodMs };
    }

    const outcome = await ensureChildren(client, desired, caches, opts.apis, ctx.signal);
    const pruned = inst.metadata.uid
      ? await pruneChildren(client, inst.metadata.uid, desired, [...owned.values()], ctx.signal)
      : [];

    const liveOf = (o: KubeObject) => outcome.live.get(childKey(o));
    const sts = desired.find((o) => o.kind === 'StatefulSet' && o.metadata.name === input.names.statefulSet);
    const claim = await dataClaim(input, desired, liveOf, ctx);
    const lookupIn = (informer: Informer) => (name: string) =>
      informer.store.get(`${input.namespace}/${name}`);
    const failures = outcome.failed;
    const allInvalid = failures.length > 0 && failures.every((f) => f.invalid);
    const failureMessage = failures
      .map((f) => `${f.object.kind}/${f.object.metadata.name}: ${(f.error as Error).message}`)
      .join('; ')
      .slice(0, 4000);
    const obs: InstanceObservation = {
      generation,
      suspended: input.spec.suspended === true,
      resources:
        failures.length === 0
          ? { reason: 'Applied', message: `${desired.length - outcome.skipped.length} children up to date.` }
          : allInvalid
            ? { reason: 'Invalid', message: failureMessage, final: true }
            : { reason: 'ApplyFailed', message: failureMessage },
      config: configVerdict(refs.configMaps, lookupIn(configMaps)),
      secrets: secretsVerdict(refs.secrets, lookupIn(secrets)),
      storage: storageVerdict(input, claim),
      profileStore: profileStoreVerdict(input, desired, liveOf),
      monitoring: monitoringVerdict(desired, outcome.skipped),
      workload: workloadOf(sts ? liveOf(sts) : undefined),
      ...imageOf(sts),
      endpoints: endpointsOf(input),
      managedResources: managedResourcesOf(desired),
    };
    let status: HermesInstanceStatus;
    try {
      status = await writeStatus(inst, obs, ctx);
    } catch (err) {
      // The cache is behind our own last status write: try again on a fresher object, quietly.
      if (!isConflict(err)) throw err;
      ctx.log.debug('Status write conflicted with a newer instance; requeued');
      return { requeue: true };
    }
    recordOutcomeEvents(deps.recorder, inst, previousPhase, status, outcome, pruned, failureMessage);
    if (failures.length > 0 && !allInvalid) {
      throw new Error(`applying children failed: ${failureMessage}`, { cause: failures[0]!.error });
    }
    return { requeueAfter: opts.driftPeriodMs };
  }

  /** The data claim: the managed one from the apply outcome, or the existing claim the spec names. */
  async function dataClaim(
    input: BuildInput,
    desired: readonly KubeObject[],
    liveOf: (o: KubeObject) => KubeObject | undefined,
    ctx: ReconcileContext,
  ): Promise<KubeObject | undefined> {
    const existing = input.spec.storage?.existingClaim;
    if (!existing) {
      const pvc = desired.find(
        (o) => o.kind === 'PersistentVolumeClaim' && o.metadata.name === input.names.dataClaim,
      );
      return pvc ? liveOf(pvc) : undefined;
    }
    // Not ours, so not in the label-selected cache: read it.
    try {
      return await client.get(
        { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: input.namespace, name: existing },
        { signal: ctx.signal },
      );
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return undefined;
      throw err;
    }
  }

  let builder = controllerFor(CONTROLLER_NAMES.instance)
    // Status writes do not change the generation: they do not wake the instance again.
    .for(INSTANCE_KIND, { predicates: [or(generationChanged, labelsChanged, annotationsChanged)] })
    .watches<HermesClusterDefaultsResource>(CLUSTERDEFAULTS_KIND, () => everyInstance(), {
      predicates: [generationChanged],
    })
    .watches({ apiVersion: 'v1', kind: 'Secret' }, referencing(SECRET_REFS_INDEX), {
      predicates: [dataChanged],
    })
    .watches({ apiVersion: 'v1', kind: 'ConfigMap' }, referencing(CONFIGMAP_REFS_INDEX), {
      predicates: [dataChanged],
    });
  for (const k of opts.watchedKinds) builder = builder.owns(k, { labelSelector: MANAGED_BY_SELECTOR });
  return builder.withMaxConcurrentReconciles(opts.maxConcurrentReconciles ?? 1).build(reconcile);
}

function emptyOutcome(): ApplyOutcome {
  return { created: [], updated: [], skipped: [], failed: [], live: new Map() };
}
