// The three hermes.agent/v1 CustomResourceDefinitions, built from the TypeBox schemas.
import { buildCrd } from '@agent-operators/runtime/crd';
import type { CustomResourceDefinition } from '@agent-operators/runtime/crd';
import { HermesInstanceSchema } from './hermes-instance.ts';
import { HermesSelfConfigSchema } from './hermes-self-config.ts';
import { HermesClusterDefaultsSchema } from './hermes-cluster-defaults.ts';

export const GROUP = 'hermes.agent';
export const VERSION = 'v1';
export const API_VERSION = `${GROUP}/${VERSION}`;
const CATEGORIES = ['hermes', 'agents'];
const LABELS = { 'app.kubernetes.io/part-of': 'hermes-operator' };
const AGE = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' } as const;

export function hermesInstanceCrd(): CustomResourceDefinition {
  return buildCrd({
    group: GROUP,
    kind: 'HermesInstance',
    plural: 'hermesinstances',
    singular: 'hermesinstance',
    shortNames: ['hi'],
    categories: CATEGORIES,
    scope: 'Namespaced',
    labels: LABELS,
    versions: [
      {
        name: VERSION,
        served: true,
        storage: true,
        schema: HermesInstanceSchema,
        subresources: { status: true },
        printerColumns: [
          { name: 'Phase', type: 'string', jsonPath: '.status.phase', description: 'Lifecycle phase.' },
          {
            name: 'Ready',
            type: 'string',
            jsonPath: '.status.conditions[?(@.type=="Ready")].status',
            description: 'The Ready condition.',
          },
          {
            name: 'Version',
            type: 'string',
            jsonPath: '.status.version',
            description: 'hermes-agent version running.',
          },
          AGE,
          {
            name: 'Suspended',
            type: 'boolean',
            jsonPath: '.spec.suspended',
            priority: 1,
            description: 'Scaled to zero.',
          },
        ],
      },
    ],
  });
}

export function hermesSelfConfigCrd(): CustomResourceDefinition {
  return buildCrd({
    group: GROUP,
    kind: 'HermesSelfConfig',
    plural: 'hermesselfconfigs',
    singular: 'hermesselfconfig',
    shortNames: ['hsc'],
    categories: CATEGORIES,
    scope: 'Namespaced',
    labels: LABELS,
    versions: [
      {
        name: VERSION,
        served: true,
        storage: true,
        schema: HermesSelfConfigSchema,
        subresources: { status: true },
        selectableFields: ['.spec.instanceRef'],
        printerColumns: [
          {
            name: 'Instance',
            type: 'string',
            jsonPath: '.spec.instanceRef',
            description: 'Target instance.',
          },
          { name: 'Phase', type: 'string', jsonPath: '.status.phase', description: 'Outcome.' },
          AGE,
          {
            name: 'Reason',
            type: 'string',
            jsonPath: '.status.denyReason',
            priority: 1,
            description: 'Why denied.',
          },
        ],
      },
    ],
  });
}

export function hermesClusterDefaultsCrd(): CustomResourceDefinition {
  return buildCrd({
    group: GROUP,
    kind: 'HermesClusterDefaults',
    plural: 'hermesclusterdefaults',
    singular: 'hermesclusterdefaults',
    listKind: 'HermesClusterDefaultsList',
    shortNames: ['hcd'],
    categories: CATEGORIES,
    scope: 'Cluster',
    labels: LABELS,
    versions: [
      {
        name: VERSION,
        served: true,
        storage: true,
        schema: HermesClusterDefaultsSchema,
        subresources: { status: true },
        printerColumns: [
          {
            name: 'Image',
            type: 'string',
            jsonPath: '.spec.image.repository',
            description: 'Default image.',
          },
          { name: 'Tag', type: 'string', jsonPath: '.spec.image.tag', description: 'Default tag.' },
          AGE,
        ],
      },
    ],
  });
}

export function hermesCrds(): CustomResourceDefinition[] {
  return [hermesInstanceCrd(), hermesSelfConfigCrd(), hermesClusterDefaultsCrd()];
}
