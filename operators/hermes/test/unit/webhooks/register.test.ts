// The registered routes over HTTPS on loopback, as the API server would call them (no cluster).
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import { silentLogger } from '@agent-operators/runtime/logging';
import { createCertificateAuthority, issueServingCertificate } from '@agent-operators/runtime/tls';
import { staticCertificate, WebhookServer } from '@agent-operators/runtime/webhook';
import type { AdmissionReview, ConversionReview } from '@agent-operators/runtime/webhook';
import { PATHS } from '../../../src/webhooks/paths.ts';
import { registerHermesWebhooks } from '../../../src/webhooks/register.ts';
import { clusterDefaults, fakeClient, instance, request, selfConfig } from './fixtures.ts';

let server: WebhookServer;
let ca: string;

function post<T>(path: string, body: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        ca,
        headers: { 'Content-Type': 'application/json' },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString()) as T));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const review = (req: ReturnType<typeof request>): AdmissionReview => ({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request: req,
});

beforeAll(async () => {
  const authority = await createCertificateAuthority({ commonName: 'test-ca' });
  const serving = await issueServingCertificate(authority, { ipAddresses: ['127.0.0.1'], dnsNames: [] });
  ca = authority.certPem;
  server = new WebhookServer({
    certificates: staticCertificate({ cert: serving.certPem, key: serving.keyPem }),
    port: 0,
    host: '127.0.0.1',
    logger: silentLogger(),
    metrics: false,
  });
  const cd = clusterDefaults({ image: { repository: 'ghcr.io/acme/hermes', tag: '1.0.0' } });
  registerHermesWebhooks(server, { client: fakeClient([instance({})]), getClusterDefaults: () => cd });
  await server.start();
});

afterAll(async () => {
  await server?.stop();
});

describe('registerHermesWebhooks', () => {
  it('defaults an instance with a base64 JSON patch', async () => {
    const answer = await post<AdmissionReview>(PATHS.defaultInstance, review(request(instance({}))));
    expect(answer.response?.allowed).toBe(true);
    expect(answer.response?.patchType).toBe('JSONPatch');
    const patch = JSON.parse(Buffer.from(answer.response?.patch ?? '', 'base64').toString()) as {
      path: string;
      value: unknown;
    }[];
    expect(patch).toContainEqual({
      op: 'add',
      path: '/spec/image',
      value: { repository: 'ghcr.io/acme/hermes', tag: '1.0.0', pullPolicy: 'IfNotPresent' },
    });
  });

  it('validates instances, self-configs and the cluster singleton', async () => {
    const bad = await post<AdmissionReview>(
      PATHS.validateInstance,
      review(request(instance({ storage: { size: '0' } }))),
    );
    expect(bad.response).toMatchObject({ allowed: false, status: { code: 422, reason: 'Invalid' } });
    expect(bad.response?.status?.message).toMatch(/^spec\.storage\.size:/);
    const sc = await post<AdmissionReview>(
      PATHS.validateSelfConfig,
      review(request(selfConfig({ instanceRef: 'my-hermes', patchConfig: {} }) as unknown as KubeObject)),
    );
    expect(sc.response).toMatchObject({ allowed: false, status: { code: 403, reason: 'Forbidden' } });
    const cd = await post<AdmissionReview>(
      PATHS.validateClusterDefaults,
      review(request(clusterDefaults({}, 'x'))),
    );
    expect(cd.response?.status?.message).toMatch(/^metadata\.name:/);
  });

  it('converts', async () => {
    const answer = await post<ConversionReview>(PATHS.convert, {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: { uid: 'c1', desiredAPIVersion: 'hermes.agent/v1', objects: [instance({})] },
    });
    expect(answer.response?.result.status).toBe('Success');
  });
});
