// HermesClusterDefaults: the cluster-wide singleton whose values fill unset instance fields.
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { KubeObject } from '@agent-operators/runtime/client';
import { cel, preserveUnknown, withK8s } from '@agent-operators/runtime/crd';
import {
  ImagePullPolicy,
  ObservedGeneration,
  ResourceRequirements,
  conditions,
  list,
  metadataSchema,
  obj,
  qty,
  stringMap,
} from './common.ts';
import { S3Location } from './instance-spec/backup.ts';

export const HermesClusterDefaultsSpec = obj(
  'Defaults for every HermesInstance. They fill only fields an instance leaves unset: an explicit value on the ' +
    'instance always wins. For enforcement use admission policy, not defaults.',
  {
    image: Type.Optional(
      obj('Default agent image.', {
        repository: Type.Optional(
          Type.String({ description: 'Image repository.', minLength: 1, maxLength: 512 }),
        ),
        tag: Type.Optional(
          Type.String({
            description: 'Image tag.',
            maxLength: 128,
            pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*$',
          }),
        ),
        pullPolicy: Type.Optional(ImagePullPolicy),
      }),
    ),
    registry: Type.Optional(
      obj('Registry access.', {
        pullSecretName: Type.Optional(
          Type.String({
            description:
              'Image pull Secret added to instances without pullSecrets (must exist in each namespace).',
            maxLength: 253,
          }),
        ),
      }),
    ),
    storage: Type.Optional(
      obj('Default data volume.', {
        storageClassName: Type.Optional(
          Type.String({ description: 'StorageClass for new claims.', maxLength: 253 }),
        ),
        size: Type.Optional(qty('Size for new claims, e.g. 10Gi.')),
      }),
    ),
    resources: Type.Optional(ResourceRequirements),
    security: Type.Optional(
      obj('Default identity and security.', {
        serviceAccount: Type.Optional(
          obj('Default service account settings.', {
            annotations: Type.Optional(
              stringMap('Annotations for instance service accounts (IRSA, Workload Identity).'),
            ),
          }),
        ),
        podSecurityContext: Type.Optional(
          preserveUnknown({ description: 'Default core/v1 PodSecurityContext overrides.' }),
        ),
        containerSecurityContext: Type.Optional(
          preserveUnknown({ description: 'Default core/v1 SecurityContext overrides.' }),
        ),
      }),
    ),
    observability: Type.Optional(
      obj('Default monitoring.', {
        serviceMonitor: Type.Optional(
          obj('Default ServiceMonitor settings.', {
            enabled: Type.Optional(
              Type.Boolean({ description: 'Create ServiceMonitors for instances that do not say.' }),
            ),
            labels: Type.Optional(stringMap('Labels for ServiceMonitors (e.g. release: prometheus).')),
          }),
        ),
      }),
    ),
    networking: Type.Optional(
      obj('Default networking.', {
        networkPolicy: Type.Optional(
          obj('Default NetworkPolicy settings.', {
            enabled: Type.Optional(
              Type.Boolean({ description: 'Create NetworkPolicies for instances that do not say.' }),
            ),
          }),
        ),
        ingress: Type.Optional(
          obj('Default Ingress settings.', {
            className: Type.Optional(Type.String({ description: 'IngressClass name.', maxLength: 253 })),
            annotations: Type.Optional(stringMap('Annotations for Ingresses.')),
          }),
        ),
      }),
    ),
    backup: Type.Optional(
      obj('Default backup target for instances that enable backups without a bucket of their own.', {
        s3: Type.Optional(S3Location),
        schedule: Type.Optional(Type.String({ description: 'Default cron schedule.', maxLength: 128 })),
      }),
    ),
    scheduling: Type.Optional(
      obj('Default pod placement.', {
        nodeSelector: Type.Optional(stringMap('Node labels instance pods require.')),
        tolerations: Type.Optional(
          list(preserveUnknown({ description: 'A core/v1 Toleration.' }), 'Tolerations.', 32),
        ),
        priorityClassName: Type.Optional(
          Type.String({ description: 'PriorityClass of instance pods.', maxLength: 253 }),
        ),
      }),
    ),
  },
);

export const HermesClusterDefaultsStatus = obj('Observed state.', {
  conditions: Type.Optional(conditions('Conditions: Valid.')),
  observedGeneration: Type.Optional(ObservedGeneration),
});

export const HermesClusterDefaultsSchema = withK8s(
  Type.Object(
    {
      apiVersion: Type.Optional(Type.Literal('hermes.agent/v1', { description: 'hermes.agent/v1' })),
      kind: Type.Optional(Type.Literal('HermesClusterDefaults', { description: 'HermesClusterDefaults' })),
      metadata: Type.Optional(
        metadataSchema({ description: 'Must be cluster.', maxLength: 7, pattern: '^cluster$' }),
      ),
      spec: HermesClusterDefaultsSpec,
      status: Type.Optional(HermesClusterDefaultsStatus),
    },
    {
      description:
        'HermesClusterDefaults is the cluster-scoped singleton (named cluster) holding defaults the admission webhook ' +
        'applies to HermesInstances that leave a field unset.',
    },
  ),
  {
    validations: [
      cel("self.metadata.name == 'cluster'", "HermesClusterDefaults must be named 'cluster'", {
        reason: 'FieldValueInvalid',
      }),
    ],
  },
);

export type HermesClusterDefaultsSpec = Static<typeof HermesClusterDefaultsSpec>;
export type HermesClusterDefaultsStatus = Static<typeof HermesClusterDefaultsStatus>;

/** The object's shape as the schema describes it (metadata restricted to name). */
export type HermesClusterDefaults = Static<typeof HermesClusterDefaultsSchema>;

/** The HermesClusterDefaults singleton as stored by the API server, with full metadata. */
export interface HermesClusterDefaultsResource extends KubeObject {
  spec: HermesClusterDefaultsSpec;
  status?: HermesClusterDefaultsStatus;
}
