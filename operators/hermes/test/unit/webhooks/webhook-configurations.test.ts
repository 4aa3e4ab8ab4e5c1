import { describe, expect, it } from 'vitest';
import { hermesInstanceCrd } from '../../../src/api/v1/crds.ts';
import { PATHS } from '../../../src/webhooks/paths.ts';
import {
  hermesCABundleTargets,
  hermesCrdConversion,
  hermesWebhookConfigurations,
  withConversion,
} from '../../../src/webhooks/webhook-configurations.ts';

interface Hook {
  name: string;
  clientConfig: { url?: string; service?: { path: string; port: number }; caBundle?: string };
  rules: { apiGroups: string[]; resources: string[]; scope: string; operations: string[] }[];
  namespaceSelector: unknown;
  objectSelector: unknown;
  failurePolicy: string;
}

const hooks = (objs: ReturnType<typeof hermesWebhookConfigurations>) =>
  objs.flatMap((o) => o.webhooks as unknown as Hook[]);

describe('webhook configurations', () => {
  it('point every webhook at its path on the Service, with every API server default set', () => {
    const [mutating, validating] = hermesWebhookConfigurations({
      endpoint: { service: { namespace: 'hermes-system', name: 'hermes-operator-webhook' } },
    });
    expect(mutating?.metadata.name).toBe('hermes-operator-mutating');
    expect(validating?.metadata.name).toBe('hermes-operator-validating');
    expect(mutating?.webhooks[0]).toEqual({
      name: 'mhermesinstance.hermes.agent',
      clientConfig: {
        service: {
          namespace: 'hermes-system',
          name: 'hermes-operator-webhook',
          path: PATHS.defaultInstance,
          port: 443,
        },
      },
      rules: [
        {
          apiGroups: ['hermes.agent'],
          apiVersions: ['v1'],
          operations: ['CREATE', 'UPDATE'],
          resources: ['hermesinstances'],
          scope: 'Namespaced',
        },
      ],
      failurePolicy: 'Fail',
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
      sideEffects: 'None',
      timeoutSeconds: 10,
      admissionReviewVersions: ['v1'],
      reinvocationPolicy: 'Never',
    });
    expect(
      hooks([validating!]).map((h) => [
        h.name,
        h.clientConfig.service?.path,
        h.rules[0]?.resources[0],
        h.rules[0]?.scope,
      ]),
    ).toEqual([
      ['vhermesinstance.hermes.agent', PATHS.validateInstance, 'hermesinstances', 'Namespaced'],
      ['vhermesselfconfig.hermes.agent', PATHS.validateSelfConfig, 'hermesselfconfigs', 'Namespaced'],
      [
        'vhermesclusterdefaults.hermes.agent',
        PATHS.validateClusterDefaults,
        'hermesclusterdefaults',
        'Cluster',
      ],
    ]);
  });

  it('with a URL, a CA bundle, selectors, another group and name (tests, local runs)', () => {
    const objs = hermesWebhookConfigurations({
      endpoint: { url: 'https://127.0.0.1:9443/' },
      caBundle: '-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----\n',
      name: 'test',
      group: 'copy.hermes.test',
      namespaceSelector: { matchLabels: { a: 'b' } },
      objectSelector: { matchLabels: { c: 'd' } },
      failurePolicy: 'Ignore',
    });
    expect(objs.map((o) => o.metadata.name)).toEqual(['test-mutating', 'test-validating']);
    for (const h of hooks(objs)) {
      expect(h.clientConfig.url).toMatch(
        /^https:\/\/127\.0\.0\.1:9443\/(mutate|validate)-hermes-agent-v1-hermes/,
      );
      expect(Buffer.from(h.clientConfig.caBundle ?? '', 'base64').toString()).toMatch(
        /^-----BEGIN CERTIFICATE-----/,
      );
      expect(h.rules[0]?.apiGroups).toEqual(['copy.hermes.test']);
      expect(h.objectSelector).toEqual({ matchLabels: { c: 'd' } });
      expect(h.failurePolicy).toBe('Ignore');
      // A namespace selector means nothing for the cluster-scoped singleton.
      expect(h.namespaceSelector).toEqual(h.rules[0]?.scope === 'Cluster' ? {} : { matchLabels: { a: 'b' } });
    }
  });

  it('builds the CRD conversion stanza and a CRD copy carrying it', () => {
    const endpoint = { service: { namespace: 'ns', name: 'svc', port: 9443 } };
    expect(hermesCrdConversion({ endpoint })).toEqual({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { service: { namespace: 'ns', name: 'svc', path: '/convert', port: 9443 } },
        conversionReviewVersions: ['v1'],
      },
    });
    const crd = hermesInstanceCrd();
    const before = structuredClone(crd);
    const converted = withConversion(crd, { endpoint: { url: 'https://127.0.0.1:1' } });
    expect(crd).toEqual(before);
    expect(converted.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: { clientConfig: { url: 'https://127.0.0.1:1/convert' }, conversionReviewVersions: ['v1'] },
    });
  });

  it('names what the self-managed certificate source injects into', () => {
    expect(hermesCABundleTargets()).toEqual({
      mutatingWebhookConfigurations: ['hermes-operator-mutating'],
      validatingWebhookConfigurations: ['hermes-operator-validating'],
      customResourceDefinitions: [
        'hermesinstances.hermes.agent',
        'hermesselfconfigs.hermes.agent',
        'hermesclusterdefaults.hermes.agent',
      ],
    });
    expect(hermesCABundleTargets({ name: 't', group: 'g.x', conversion: false })).toEqual({
      mutatingWebhookConfigurations: ['t-mutating'],
      validatingWebhookConfigurations: ['t-validating'],
    });
  });
});
