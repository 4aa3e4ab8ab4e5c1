// spec.networking: Service, API server, dashboard, Ingress, NetworkPolicy.
import { Type } from 'typebox';
import { cel, preserveUnknown, withK8s } from '@agent-operators/runtime/crd';
import { list, obj, oneOf, secretKeyRef, stringMap } from '../common.ts';

const port = (description: string, def: number) =>
  Type.Integer({ description, minimum: 1, maximum: 65535, default: def });

export const ApiServerSpec = obj(
  "The agent's OpenAI-compatible API server (port 8642). Health probes use its unauthenticated /health, so " +
    'disabling it also disables the built-in probes.',
  {
    enabled: Type.Optional(
      Type.Boolean({
        description: 'Enable the API server (API_SERVER_ENABLED=true, bound to 0.0.0.0).',
        default: true,
      }),
    ),
    port: Type.Optional(port('Container and Service port of the API server.', 8642)),
    keySecretRef: Type.Optional(
      secretKeyRef(
        'API_SERVER_KEY (at least 16 characters). When unset the operator generates a key once into <name>-api-key and never rotates it.',
        'API_SERVER_KEY',
      ),
    ),
  },
);

export const DashboardSpec = withK8s(
  obj(
    'The hermes web dashboard (port 9119, HERMES_DASHBOARD=1). It refuses a non-loopback bind without basic auth.',
    {
      enabled: Type.Optional(Type.Boolean({ description: 'Enable the dashboard.', default: false })),
      port: Type.Optional(port('Container and Service port of the dashboard.', 9119)),
      basicAuthSecretRef: Type.Optional(
        obj('Secret with the dashboard basic-auth credentials (keys username and password).', {
          name: Type.String({ description: 'Secret name.', minLength: 1, maxLength: 253 }),
        }),
      ),
    },
  ),
  {
    validations: [
      cel(
        '!self.enabled || has(self.basicAuthSecretRef)',
        'dashboard.enabled needs dashboard.basicAuthSecretRef',
        {
          fieldPath: '.basicAuthSecretRef',
          reason: 'FieldValueRequired',
        },
      ),
    ],
  },
);

export const IngressSpec = withK8s(
  obj('An Ingress in front of the API server (and the dashboard when enabled).', {
    enabled: Type.Optional(Type.Boolean({ description: 'Create the Ingress.', default: false })),
    className: Type.Optional(Type.String({ description: 'IngressClass name.', maxLength: 253 })),
    host: Type.Optional(
      Type.String({
        description: 'Host name, e.g. hermes.example.com.',
        maxLength: 253,
        pattern: '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
      }),
    ),
    path: Type.Optional(
      Type.String({ description: 'Path prefix.', default: '/', maxLength: 256, pattern: '^/' }),
    ),
    annotations: Type.Optional(
      stringMap('Annotations on the Ingress (e.g. cert-manager.io/cluster-issuer).'),
    ),
    tls: Type.Optional(
      obj('TLS for the host.', {
        secretName: Type.String({
          description: 'Secret with the certificate (kubernetes.io/tls).',
          minLength: 1,
          maxLength: 253,
        }),
      }),
    ),
  }),
  {
    validations: [
      cel('!self.enabled || has(self.host)', 'ingress.enabled needs ingress.host', {
        fieldPath: '.host',
        reason: 'FieldValueRequired',
      }),
    ],
  },
);

export const NetworkPolicySpec = obj(
  'A default-deny NetworkPolicy for the pod with explicit allowances: DNS, HTTPS egress (LLM providers and ' +
    'platform APIs), the ports gateways need inbound, and the rules below.',
  {
    enabled: Type.Optional(
      Type.Boolean({
        description:
          'Create the NetworkPolicy. Default: HermesClusterDefaults spec.networking.networkPolicy.enabled, else true.',
      }),
    ),
    allowDNS: Type.Optional(
      Type.Boolean({ description: 'Allow DNS to kube-system (UDP/TCP 53).', default: true }),
    ),
    allowInternetEgress: Type.Optional(
      Type.Boolean({
        description:
          'Allow egress to any address outside private ranges on TCP 443 (model providers, Telegram, Slack ...).',
        default: true,
      }),
    ),
    allowedIngressNamespaces: Type.Optional(
      withK8s(
        Type.Array(Type.String({ maxLength: 63 }), {
          description:
            'Namespaces whose pods may reach the API server port (in addition to the ingress controller).',
          maxItems: 32,
        }),
        { listType: 'set' },
      ),
    ),
    extraIngress: Type.Optional(
      list(
        preserveUnknown({ description: 'A networking.k8s.io/v1 NetworkPolicyIngressRule.' }),
        'Additional ingress rules.',
        32,
      ),
    ),
    extraEgress: Type.Optional(
      list(
        preserveUnknown({ description: 'A networking.k8s.io/v1 NetworkPolicyEgressRule.' }),
        'Additional egress rules.',
        32,
      ),
    ),
  },
);

export const NetworkingSpec = obj('How the instance is reached and what it may reach.', {
  service: Type.Optional(
    obj('The Service in front of the pod.', {
      type: Type.Optional(
        oneOf(['ClusterIP', 'NodePort', 'LoadBalancer'], {
          description: 'Service type.',
          default: 'ClusterIP',
        }),
      ),
      annotations: Type.Optional(stringMap('Annotations on the Service.')),
      labels: Type.Optional(stringMap('Extra labels on the Service.')),
    }),
  ),
  apiServer: Type.Optional(ApiServerSpec),
  dashboard: Type.Optional(DashboardSpec),
  ingress: Type.Optional(IngressSpec),
  networkPolicy: Type.Optional(NetworkPolicySpec),
});
