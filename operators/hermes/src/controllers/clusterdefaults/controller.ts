// HermesClusterDefaults: the singleton named `cluster`. Its reconcile only reports (status Ready,
// observedGeneration); the instance controller watches the same objects and re-reconciles every
// instance when they change.
import { updateStatusIfChanged } from '@agent-operators/runtime/apply';
import { controllerFor, generationChanged } from '@agent-operators/runtime/controller';
import type { Controller } from '@agent-operators/runtime/controller';
import type { HermesClusterDefaultsResource } from '../../api/v1/hermes-cluster-defaults.ts';
import { CLUSTERDEFAULTS_KIND, CONTROLLER_NAMES, OPERATOR_FIELD_MANAGER } from '../constants.ts';
import { clock } from '../deps.ts';
import type { ControllerDeps } from '../deps.ts';
import { clusterDefaultsStatus } from './status.ts';

export function clusterDefaultsController(deps: ControllerDeps): Controller {
  return controllerFor(CONTROLLER_NAMES.clusterDefaults)
    .for(CLUSTERDEFAULTS_KIND, { predicates: [generationChanged] })
    .build(async (req, ctx) => {
      const informer = await deps.cache.getInformer<HermesClusterDefaultsResource>(CLUSTERDEFAULTS_KIND);
      const obj = informer.store.get(req.name);
      if (!obj) return;
      const status = clusterDefaultsStatus(obj, clock(deps));
      const { written } = await updateStatusIfChanged(deps.client, obj, status, {
        fieldManager: OPERATOR_FIELD_MANAGER,
        signal: ctx.signal,
      });
      if (written)
        ctx.log.info({ reason: status.conditions?.[0]?.reason }, 'HermesClusterDefaults status updated');
    });
}
