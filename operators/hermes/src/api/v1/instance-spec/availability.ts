// spec.availability: PodDisruptionBudget, HPA, topology spread.
import { Type } from 'typebox';
import { cel, intOrString, withK8s } from '@agent-operators/runtime/crd';
import { mapList, obj, oneOf } from '../common.ts';

const TopologySpreadConstraint = withK8s(
  Type.Object(
    {
      topologyKey: Type.String({
        description: 'Node label key, e.g. topology.kubernetes.io/zone.',
        maxLength: 316,
      }),
      whenUnsatisfiable: oneOf(['DoNotSchedule', 'ScheduleAnyway'], {
        description: 'What to do when the spread cannot be met.',
      }),
    },
    { description: 'A core/v1 TopologySpreadConstraint; fields beyond the two keys are passed as given.' },
  ),
  { preserveUnknownFields: true },
);

export const AvailabilitySpec = obj(
  'Availability of the StatefulSet. It runs one replica by default: each replica has its own data volume ' +
    'and gateway, and two replicas polling one bot token conflict.',
  {
    pdb: Type.Optional(
      withK8s(
        obj('The PodDisruptionBudget. It is always created when more than one replica runs.', {
          enabled: Type.Optional(
            Type.Boolean({
              description: 'Create a PDB even for a single replica (blocks voluntary evictions).',
              default: false,
            }),
          ),
          minAvailable: Type.Optional(
            intOrString({ description: 'Minimum available pods (number or percentage).' }),
          ),
          maxUnavailable: Type.Optional(
            intOrString({ description: 'Maximum unavailable pods (number or percentage). Default 1.' }),
          ),
        }),
        {
          validations: [
            cel(
              '!(has(self.minAvailable) && has(self.maxUnavailable))',
              'set at most one of pdb.minAvailable or pdb.maxUnavailable',
            ),
          ],
        },
      ),
    ),
    hpa: Type.Optional(
      withK8s(
        obj('A HorizontalPodAutoscaler (opt-in).', {
          enabled: Type.Optional(Type.Boolean({ description: 'Create the HPA.', default: false })),
          minReplicas: Type.Optional(
            Type.Integer({ description: 'Minimum replicas.', minimum: 1, maximum: 100, default: 1 }),
          ),
          maxReplicas: Type.Optional(
            Type.Integer({ description: 'Maximum replicas.', minimum: 1, maximum: 100, default: 3 }),
          ),
          targetCPUUtilizationPercentage: Type.Optional(
            Type.Integer({
              description: 'Average CPU utilisation to aim for.',
              minimum: 1,
              maximum: 100,
              default: 80,
            }),
          ),
          targetMemoryUtilizationPercentage: Type.Optional(
            Type.Integer({ description: 'Average memory utilisation to aim for.', minimum: 1, maximum: 100 }),
          ),
        }),
        {
          validations: [
            cel('self.maxReplicas >= self.minReplicas', 'hpa.maxReplicas must be at least hpa.minReplicas', {
              fieldPath: '.maxReplicas',
            }),
          ],
        },
      ),
    ),
    topologySpreadConstraints: Type.Optional(
      mapList(
        TopologySpreadConstraint,
        ['topologyKey', 'whenUnsatisfiable'],
        'Pod topology spread constraints.',
        8,
      ),
    ),
  },
);
