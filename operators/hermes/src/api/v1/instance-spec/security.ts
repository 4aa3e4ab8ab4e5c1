// spec.security: pod and container security, RBAC, CA bundle, service account.
import { Type } from 'typebox';
import { preserveUnknown } from '@agent-operators/runtime/crd';
import { configMapKeyRef, list, obj, stringMap } from '../common.ts';

export const SecuritySpec = obj('Pod and container security, RBAC and identity of the agent.', {
  podSecurityContext: Type.Optional(
    preserveUnknown({
      description:
        'core/v1 PodSecurityContext, merged over the operator baseline (fsGroup 10000, seccompProfile RuntimeDefault).',
    }),
  ),
  containerSecurityContext: Type.Optional(
    preserveUnknown({
      description:
        'core/v1 SecurityContext for the agent container, merged over the baseline. The baseline starts as root ' +
        'with only CHOWN, SETUID and SETGID because the image s6-overlay supervisor needs /run and then drops to ' +
        'UID 10000; readOnlyRootFilesystem is true with writable emptyDirs for /tmp and /run.',
    }),
  ),
  runAsNonRoot: Type.Optional(
    Type.Boolean({
      description:
        'Start the agent directly as UID 10000 without s6 supervision (sets HERMES_GATEWAY_NO_SUPERVISE=1). ' +
        'Needed for the restricted Pod Security level; the kubelet then restarts a crashed gateway instead of s6.',
      default: false,
    }),
  ),
  rbac: Type.Optional(
    obj('The Role the agent service account gets in its namespace.', {
      create: Type.Optional(Type.Boolean({ description: 'Create the Role and RoleBinding.', default: true })),
      additionalRules: Type.Optional(
        list(
          preserveUnknown({ description: 'A rbac.authorization.k8s.io/v1 PolicyRule.' }),
          'Extra rules granted to the agent (for example to create HermesSelfConfig objects).',
          32,
        ),
      ),
    }),
  ),
  serviceAccount: Type.Optional(
    obj('The service account the agent runs as.', {
      create: Type.Optional(
        Type.Boolean({ description: 'Create a service account for the instance.', default: true }),
      ),
      name: Type.Optional(
        Type.String({ description: 'Use this name (existing when create is false).', maxLength: 253 }),
      ),
      annotations: Type.Optional(
        stringMap(
          'Annotations on the service account, e.g. eks.amazonaws.com/role-arn (IRSA) or iam.gke.io/gcp-service-account. ' +
            'Merged over HermesClusterDefaults spec.security.serviceAccount.annotations.',
        ),
      ),
      automountToken: Type.Optional(
        Type.Boolean({ description: 'Mount the service account token into the pod.', default: false }),
      ),
    }),
  ),
  caBundle: Type.Optional(
    configMapKeyRef(
      'Extra CA certificates (PEM) trusted by the agent (SSL_CERT_FILE / REQUESTS_CA_BUNDLE), e.g. for a corporate proxy.',
      'ca-bundle.crt',
    ),
  ),
});
