// A small custom kind with a /status subresource and standard conditions, shaped like the
// operators' CRDs, for the status and server-side apply tests.
import { randomBytes } from 'node:crypto';
import { eventually } from '@agent-operators/testing';
import type { HttpKubeClient } from '../../../src/client/index.ts';
import type { KubeObject } from '../../../src/client/types.ts';

export interface Agent extends KubeObject {
  spec?: { model?: string; replicas?: number };
  status?: Record<string, unknown>;
}

const conditionSchema = {
  type: 'object',
  required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'],
  properties: {
    type: { type: 'string', maxLength: 316 },
    status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
    observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
    lastTransitionTime: { type: 'string', format: 'date-time' },
    reason: {
      type: 'string',
      maxLength: 1024,
      minLength: 1,
      pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
    },
    message: { type: 'string', maxLength: 32768 },
  },
};

export interface AgentKind {
  apiVersion: string;
  kind: 'Agent';
  make(namespace: string, name: string, spec?: Agent['spec']): Agent;
  remove(): Promise<void>;
}

/** Installs the CRD under a fresh group and waits until the API server serves it. */
export async function installAgentCrd(client: HttpKubeClient): Promise<AgentKind> {
  const group = `a${randomBytes(3).toString('hex')}.apply.agent-operators.dev`;
  const name = `agents.${group}`;
  await client.create({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name },
    spec: {
      group,
      names: { plural: 'agents', singular: 'agent', kind: 'Agent', listKind: 'AgentList' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: { model: { type: 'string' }, replicas: { type: 'integer' } },
                },
                status: {
                  type: 'object',
                  properties: {
                    phase: { type: 'string' },
                    observedGeneration: { type: 'integer' },
                    conditions: {
                      type: 'array',
                      items: conditionSchema,
                      'x-kubernetes-list-type': 'map',
                      'x-kubernetes-list-map-keys': ['type'],
                    },
                  },
                },
              },
            },
          },
        },
      ],
    },
  });
  const apiVersion = `${group}/v1`;
  await eventually(
    'the Agent CRD to be served',
    async () => {
      client.invalidateDiscovery();
      await client.list({ apiVersion, kind: 'Agent', namespace: 'default' });
      return true;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  return {
    apiVersion,
    kind: 'Agent',
    make: (namespace, objName, spec = { model: 'claude', replicas: 1 }) => ({
      apiVersion,
      kind: 'Agent',
      metadata: { name: objName, namespace },
      spec,
    }),
    remove: () =>
      client.delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name }),
  };
}
