// spec.resources: compute resources of the agent container.
import { ResourceRequirements } from '../common.ts';

/**
 * No schema defaults: HermesClusterDefaults spec.resources fills unset requests/limits first,
 * and the builder falls back to requests cpu 250m / memory 512Mi, limit memory 2Gi.
 */
export const ResourcesSpec = ResourceRequirements;
