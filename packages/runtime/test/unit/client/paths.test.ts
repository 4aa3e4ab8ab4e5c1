import { describe, expect, it } from 'vitest';
import { resourcePath, withQuery } from '../../../src/client/paths.ts';
import type { ResourceInfo } from '../../../src/client/types.ts';

const cm: ResourceInfo = {
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  resource: 'configmaps',
  namespaced: true,
  verbs: [],
};
const deploy: ResourceInfo = { ...cm, group: 'apps', kind: 'Deployment', resource: 'deployments' };
const crd: ResourceInfo = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  kind: 'CustomResourceDefinition',
  resource: 'customresourcedefinitions',
  namespaced: false,
  verbs: [],
};

describe('resourcePath', () => {
  it('builds core, group, namespaced and cluster-scoped paths', () => {
    expect(resourcePath(cm)).toBe('/api/v1/configmaps');
    expect(resourcePath(cm, { namespace: 'a' })).toBe('/api/v1/namespaces/a/configmaps');
    expect(resourcePath(deploy, { namespace: 'a', name: 'web', subresource: 'scale' })).toBe(
      '/apis/apps/v1/namespaces/a/deployments/web/scale',
    );
    expect(resourcePath(crd, { namespace: 'ignored', name: 'x.example.com', subresource: 'status' })).toBe(
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/x.example.com/status',
    );
  });

  it('escapes names and rejects an empty one', () => {
    expect(resourcePath(cm, { namespace: 'a', name: 'a b/c' })).toBe(
      '/api/v1/namespaces/a/configmaps/a%20b%2Fc',
    );
    expect(() => resourcePath(cm, { namespace: 'a', name: '' })).toThrow('a name is required');
  });
});

describe('withQuery', () => {
  it('keeps defined non-empty parameters, encoded', () => {
    expect(withQuery('/p', { a: undefined, b: '' })).toBe('/p');
    expect(withQuery('/p', { labelSelector: 'app=x,tier in (a,b)', limit: 3, watch: true })).toBe(
      '/p?labelSelector=app%3Dx%2Ctier+in+%28a%2Cb%29&limit=3&watch=true',
    );
  });
});
