// HermesSelfConfig: an agent's request to change its own instance, audited and policy-checked.
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { KubeObject } from '@agent-operators/runtime/client';
import { cel, preserveUnknown, withK8s } from '@agent-operators/runtime/crd';
import {
  DNS_LABEL,
  EnvVar,
  ObservedGeneration,
  conditions,
  mapList,
  metadataSchema,
  obj,
  oneOf,
} from './common.ts';

const SkillSource = obj('A skill to install.', {
  source: Type.String({
    description:
      'Where the skill comes from, e.g. git+https://github.com/foo/finance-skill@v1.2.0 or a skills hub name.',
    minLength: 1,
    maxLength: 1024,
  }),
  name: Type.Optional(
    Type.String({ description: 'Install under this name instead of the source default.', maxLength: 128 }),
  ),
});

const WorkspaceFile = withK8s(
  obj('A file to write into $HERMES_HOME.', {
    path: Type.String({
      description: 'Path relative to $HERMES_HOME, e.g. notes/finance.md.',
      minLength: 1,
      maxLength: 512,
    }),
    content: Type.String({ description: 'File content (UTF-8).', maxLength: 262144 }),
  }),
  {
    validations: [
      cel(
        "!self.path.startsWith('/') && !self.path.split('/').exists(s, s == '..')",
        'path must be relative and must not contain .. segments',
        { fieldPath: '.path' },
      ),
    ],
  },
);

export const HermesSelfConfigSpec = withK8s(
  obj('The changes requested. The request is immutable: create a new HermesSelfConfig for another change.', {
    instanceRef: Type.String({
      description: 'Name of the HermesInstance to change, in the same namespace.',
      minLength: 1,
      maxLength: 52,
      pattern: DNS_LABEL,
    }),
    addSkills: Type.Optional(mapList(SkillSource, ['source'], 'Skills to install (action skills).', 32)),
    patchConfig: Type.Optional(
      preserveUnknown({
        description:
          'A JSON merge patch into config.yaml (action config), e.g. {schedules: {morning-brief: "0 8 * * *"}}.',
      }),
    ),
    addEnvVars: Type.Optional(
      mapList(EnvVar, ['name'], 'Environment variables to add or change (action envVars).', 64),
    ),
    addWorkspaceFiles: Type.Optional(
      mapList(WorkspaceFile, ['path'], 'Files to write (action workspaceFiles).', 64),
    ),
    addProfileSnapshot: Type.Optional(
      obj('A Honcho profile snapshot to persist (action profiles).', {
        profileID: Type.String({
          description: 'Profile (peer) ID, e.g. user-42.',
          minLength: 1,
          maxLength: 253,
        }),
        data: Type.String({ description: 'Snapshot data as produced by the agent.', maxLength: 1048576 }),
      }),
    ),
    reason: Type.Optional(
      Type.String({
        description: 'Why the agent asks for this (shown in Events and audit logs).',
        maxLength: 4096,
      }),
    ),
  }),
  {
    validations: [
      cel('self == oldSelf', 'spec is immutable; create a new HermesSelfConfig', {
        reason: 'FieldValueForbidden',
      }),
      cel(
        'has(self.addSkills) || has(self.patchConfig) || has(self.addEnvVars) || has(self.addWorkspaceFiles) || has(self.addProfileSnapshot)',
        'request at least one change: addSkills, patchConfig, addEnvVars, addWorkspaceFiles or addProfileSnapshot',
        { reason: 'FieldValueRequired' },
      ),
    ],
  },
);

export const HermesSelfConfigStatus = obj('Outcome of the request.', {
  phase: Type.Optional(
    oneOf(['Pending', 'Applied', 'Denied', 'Failed'], {
      description: 'Pending until checked; then Applied, Denied (policy) or Failed.',
    }),
  ),
  conditions: Type.Optional(conditions('Conditions: Applied, Denied, Pending.')),
  observedGeneration: Type.Optional(ObservedGeneration),
  appliedAt: Type.Optional(
    Type.String({ description: 'When the changes were applied.', format: 'date-time' }),
  ),
  denyReason: Type.Optional(
    Type.String({ description: 'Why the request was denied (also sent as an Event).', maxLength: 4096 }),
  ),
  skippedFields: Type.Optional(
    Type.Array(Type.String({ maxLength: 512 }), {
      description:
        'Fields not applied because another field manager owns them (each also reported as an Event).',
      maxItems: 256,
      'x-kubernetes-list-type': 'set',
    }),
  ),
});

export const HermesSelfConfigSchema = Type.Object(
  {
    apiVersion: Type.Optional(Type.Literal('hermes.agent/v1', { description: 'hermes.agent/v1' })),
    kind: Type.Optional(Type.Literal('HermesSelfConfig', { description: 'HermesSelfConfig' })),
    metadata: Type.Optional(
      metadataSchema({
        description: 'Request name.',
        maxLength: 253,
        pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$',
      }),
    ),
    spec: HermesSelfConfigSpec,
    status: Type.Optional(HermesSelfConfigStatus),
  },
  {
    description:
      'HermesSelfConfig is an agent-initiated, audited change to its HermesInstance (skills, config, env vars, ' +
      "workspace files, Honcho profiles), checked against the instance's spec.selfConfigure policy and applied " +
      'with server-side apply.',
  },
);

export type HermesSelfConfigSpec = Static<typeof HermesSelfConfigSpec>;
export type HermesSelfConfigStatus = Static<typeof HermesSelfConfigStatus>;

/** The object's shape as the schema describes it (metadata restricted to name). */
export type HermesSelfConfig = Static<typeof HermesSelfConfigSchema>;

/** A HermesSelfConfig as stored by the API server, with full metadata: what controllers read and write. */
export interface HermesSelfConfigResource extends KubeObject {
  spec: HermesSelfConfigSpec;
  status?: HermesSelfConfigStatus;
}
