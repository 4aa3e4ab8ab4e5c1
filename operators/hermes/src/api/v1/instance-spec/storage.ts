// spec.storage: the data volume mounted at $HERMES_HOME (/opt/data).
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { obj, oneOf, qty, stringMap } from '../common.ts';

const AccessMode = oneOf(['ReadWriteOnce', 'ReadWriteOncePod', 'ReadWriteMany', 'ReadOnlyMany'], {
  description: 'A PersistentVolumeClaim access mode.',
});

export const StorageSpec = withK8s(
  obj(
    'The PersistentVolumeClaim holding $HERMES_HOME (config, memories, skills, sessions, state.db). ' +
      'One gateway per data directory: the claim is ReadWriteOnce and the operator never updates it after creation.',
    {
      enabled: Type.Optional(
        Type.Boolean({
          description:
            'Persist $HERMES_HOME on a claim. When false an emptyDir is used and all state is lost on restart.',
          default: true,
        }),
      ),
      size: Type.Optional(
        qty('Requested size, e.g. 10Gi. Default: HermesClusterDefaults spec.storage.size, else 10Gi.'),
      ),
      storageClassName: Type.Optional(
        withK8s(
          Type.String({
            description:
              'StorageClass of the claim. Default: HermesClusterDefaults spec.storage.storageClassName, else the cluster ' +
              'default class. Immutable once set.',
            maxLength: 253,
          }),
          { validations: [cel('self == oldSelf', 'storage.storageClassName is immutable')] },
        ),
      ),
      accessModes: Type.Optional(
        withK8s(
          Type.Array(AccessMode, {
            description:
              'Access modes of the claim. Immutable. ReadWriteOnce (or ReadWriteOncePod) keeps a single writer; hermes-agent ' +
              'must never run two gateways on one data directory.',
            minItems: 1,
            maxItems: 4,
            default: ['ReadWriteOnce'],
          }),
          { listType: 'set', validations: [cel('self == oldSelf', 'storage.accessModes is immutable')] },
        ),
      ),
      existingClaim: Type.Optional(
        Type.String({
          description:
            'Use this existing claim instead of creating one. size, storageClassName and accessModes are then ignored.',
          maxLength: 253,
        }),
      ),
      annotations: Type.Optional(stringMap('Annotations for the created claim (e.g. for backup tools).')),
    },
    { default: {} },
  ),
  {
    validations: [
      cel(
        'has(self.storageClassName) == has(oldSelf.storageClassName)',
        'storage.storageClassName cannot be added or removed after creation',
        { fieldPath: '.storageClassName' },
      ),
      cel('!has(self.existingClaim) || self.enabled', 'storage.existingClaim needs storage.enabled', {
        fieldPath: '.existingClaim',
      }),
    ],
  },
);
