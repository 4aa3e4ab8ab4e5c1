// HermesInstance: one hermes-agent deployment. The schema is the single source of truth for the
// TS type, the CRD, defaults, admission validation and the API reference.
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { KubeObject } from '@agent-operators/runtime/client';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { DNS_LABEL, metadataSchema, obj } from './common.ts';
import { ImageSpec } from './instance-spec/image.ts';
import { ConfigSpec } from './instance-spec/config.ts';
import { WorkspaceSpec } from './instance-spec/workspace.ts';
import { ResourcesSpec } from './instance-spec/resources.ts';
import { SecuritySpec } from './instance-spec/security.ts';
import { StorageSpec } from './instance-spec/storage.ts';
import { NetworkingSpec } from './instance-spec/networking.ts';
import { ObservabilitySpec } from './instance-spec/observability.ts';
import { AvailabilitySpec } from './instance-spec/availability.ts';
import { ProbesSpec } from './instance-spec/probes.ts';
import { BackupSpec, RestoreFrom, restoreRules } from './instance-spec/backup.ts';
import { RuntimeSpec } from './instance-spec/runtime.ts';
import { GatewaysSpec } from './instance-spec/gateways.ts';
import { ProfileStoreSpec } from './instance-spec/profile-store.ts';
import { OllamaSpec, TailscaleSpec, WebTerminalSpec } from './instance-spec/companions.ts';
import { AutoUpdateSpec } from './instance-spec/auto-update.ts';
import { SelfConfigureSpec } from './instance-spec/self-configure.ts';
import { MigrationSpec } from './instance-spec/migration.ts';
import { SchedulingSpec } from './instance-spec/scheduling.ts';
import {
  Env,
  EnvFrom,
  ExtraVolumeMounts,
  ExtraVolumes,
  InitContainers,
  Sidecars,
} from './instance-spec/pod-extras.ts';
import { InstanceStatus } from './instance-status.ts';

export const HermesInstanceSpec = withK8s(
  obj('Desired state of a hermes-agent instance.', {
    image: Type.Optional(ImageSpec),
    config: Type.Optional(ConfigSpec),
    workspace: Type.Optional(WorkspaceSpec),
    resources: Type.Optional(ResourcesSpec),
    security: Type.Optional(SecuritySpec),
    storage: Type.Optional(StorageSpec),
    networking: Type.Optional(NetworkingSpec),
    observability: Type.Optional(ObservabilitySpec),
    availability: Type.Optional(AvailabilitySpec),
    probes: Type.Optional(ProbesSpec),
    backup: Type.Optional(BackupSpec),
    restoreFrom: Type.Optional(RestoreFrom),
    runtime: Type.Optional(RuntimeSpec),
    gateways: Type.Optional(GatewaysSpec),
    profileStore: Type.Optional(ProfileStoreSpec),
    ollama: Type.Optional(OllamaSpec),
    webTerminal: Type.Optional(WebTerminalSpec),
    tailscale: Type.Optional(TailscaleSpec),
    autoUpdate: Type.Optional(AutoUpdateSpec),
    selfConfigure: Type.Optional(SelfConfigureSpec),
    migration: Type.Optional(MigrationSpec),
    scheduling: Type.Optional(SchedulingSpec),
    initContainers: Type.Optional(InitContainers),
    sidecars: Type.Optional(Sidecars),
    extraVolumes: Type.Optional(ExtraVolumes),
    extraVolumeMounts: Type.Optional(ExtraVolumeMounts),
    envFrom: Type.Optional(EnvFrom),
    env: Type.Optional(Env),
    suspended: Type.Optional(
      Type.Boolean({
        description: 'Scale to zero: the StatefulSet runs no pod; the volume, config and Service stay.',
        default: false,
      }),
    ),
  }),
  {
    validations: [
      ...restoreRules,
      cel(
        '!has(self.gateways) || !has(self.gateways.whatsapp) || !self.gateways.whatsapp.enabled || !has(self.storage) || self.storage.enabled',
        'gateways.whatsapp needs storage.enabled: the paired session must persist',
        { fieldPath: '.gateways.whatsapp.enabled' },
      ),
      cel(
        '!has(self.availability) || !has(self.availability.hpa) || !self.availability.hpa.enabled || !has(self.storage) || !has(self.storage.existingClaim)',
        'availability.hpa cannot be combined with storage.existingClaim: one claim has one writer',
        { fieldPath: '.availability.hpa.enabled' },
      ),
    ],
  },
);

/** Rules on the whole object: they can compare spec with the stored status. */
const LOCK_RULES = [
  cel(
    '!has(oldSelf.status) || !has(oldSelf.status.restoredFrom) || ' +
      '(has(self.spec.restoreFrom) == has(oldSelf.spec.restoreFrom) && ' +
      '(!has(self.spec.restoreFrom) || self.spec.restoreFrom == oldSelf.spec.restoreFrom))',
    'spec.restoreFrom is locked once status.restoredFrom is set',
    { fieldPath: '.spec.restoreFrom', reason: 'FieldValueForbidden' },
  ),
  cel(
    '!has(oldSelf.status) || !has(oldSelf.status.migrationCompleted) || !oldSelf.status.migrationCompleted || ' +
      '((has(self.spec.migration) && has(self.spec.migration.fromOpenClaw)) == ' +
      '(has(oldSelf.spec.migration) && has(oldSelf.spec.migration.fromOpenClaw)) && ' +
      '(!has(self.spec.migration) || !has(self.spec.migration.fromOpenClaw) || ' +
      'self.spec.migration.fromOpenClaw == oldSelf.spec.migration.fromOpenClaw))',
    'spec.migration.fromOpenClaw is locked once status.migrationCompleted is true',
    { fieldPath: '.spec.migration', reason: 'FieldValueForbidden' },
  ),
];

export const HermesInstanceSchema = withK8s(
  Type.Object(
    {
      apiVersion: Type.Optional(Type.Literal('hermes.agent/v1', { description: 'hermes.agent/v1' })),
      kind: Type.Optional(Type.Literal('HermesInstance', { description: 'HermesInstance' })),
      metadata: Type.Optional(
        metadataSchema({
          description:
            'Instance name: a DNS label of at most 52 characters (it names the StatefulSet, whose pods carry a revision label).',
          maxLength: 52,
          pattern: DNS_LABEL,
        }),
      ),
      spec: HermesInstanceSpec,
      status: Type.Optional(InstanceStatus),
    },
    {
      description:
        'HermesInstance runs one NousResearch hermes-agent: a StatefulSet with its data volume, config, gateways ' +
        '(Telegram, Discord, Slack, WhatsApp, Signal) and optional companions (Honcho, Ollama, Tailscale, web terminal).',
    },
  ),
  { validations: LOCK_RULES },
);

export type HermesInstanceSpec = Static<typeof HermesInstanceSpec>;
export type HermesInstanceStatus = Static<typeof InstanceStatus>;
/** @deprecated Use HermesInstanceSpec. */
export type HermesInstanceSpecType = HermesInstanceSpec;

/** The object's shape as the schema describes it (metadata restricted to name). */
export type HermesInstance = Static<typeof HermesInstanceSchema>;

/** A HermesInstance as stored by the API server, with full metadata: what controllers read and write. */
export interface HermesInstanceResource extends KubeObject {
  spec: HermesInstanceSpec;
  status?: HermesInstanceStatus;
}
