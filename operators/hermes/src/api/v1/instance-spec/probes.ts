// spec.probes: overrides for the built-in liveness, readiness and startup probes.
import { Type } from 'typebox';
import { preserveUnknown } from '@agent-operators/runtime/crd';
import { obj } from '../common.ts';

const seconds = (description: string, minimum: number) =>
  Type.Optional(Type.Integer({ description, minimum, maximum: 3600 }));

function probe(which: string, builtin: string) {
  return obj(
    `The ${which} probe. Built in: ${builtin}. Unset timings keep the built-in values; successThreshold is always 1 ` +
      '(set explicitly so reads from the API server equal what the operator wrote).',
    {
      enabled: Type.Optional(Type.Boolean({ description: `Run the ${which} probe.`, default: true })),
      initialDelaySeconds: seconds('Seconds after start before the first probe.', 0),
      periodSeconds: seconds('Seconds between probes.', 1),
      timeoutSeconds: seconds('Seconds before a probe times out.', 1),
      failureThreshold: Type.Optional(
        Type.Integer({
          description: 'Consecutive failures before the probe fails.',
          minimum: 1,
          maximum: 1000,
        }),
      ),
      handler: Type.Optional(
        preserveUnknown({
          description:
            'Replace the check itself: a core/v1 probe handler (exactly one of httpGet, tcpSocket, exec, grpc).',
        }),
      ),
    },
  );
}

export const ProbesSpec = obj(
  'Health probes of the agent container. The built-in probes call GET /health on the API server, so they ' +
    'need networking.apiServer.enabled (the default).',
  {
    liveness: Type.Optional(probe('liveness', 'GET /health every 30s, 3 failures')),
    readiness: Type.Optional(probe('readiness', 'GET /health every 10s, 3 failures')),
    startup: Type.Optional(
      probe(
        'startup',
        'GET /health every 5s for up to 5 minutes (first boot migrates config and syncs skills)',
      ),
    ),
  },
);
