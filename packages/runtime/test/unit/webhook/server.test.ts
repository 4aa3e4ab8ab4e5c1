import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logging/index.ts';
import { createCertificateAuthority, issueServingCertificate } from '../../../src/tls/index.ts';
import type { AdmissionReview, ConversionReview } from '../../../src/webhook/index.ts';
import { allow, deny, staticCertificate, WebhookServer } from '../../../src/webhook/index.ts';
import { admissionReview, configMap, conversionReview } from './fixtures.ts';
import { post } from './https-client.ts';

const LIMIT = 64 * 1024;

describe('WebhookServer', () => {
  let server: WebhookServer;
  let ca: string;
  const registry = new Registry();
  const send = (path: string, body: unknown, opts: Omit<Parameters<typeof post>[3], 'ca'> = {}) =>
    post(server.port, path, body, { ca, ...opts });

  beforeAll(async () => {
    const authority = await createCertificateAuthority({ commonName: 'unit-ca' });
    const leaf = await issueServingCertificate(authority, {
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
    });
    ca = authority.certPem;
    server = new WebhookServer({
      certificates: staticCertificate({ cert: leaf.certPem, key: leaf.keyPem }),
      port: 0,
      host: '127.0.0.1',
      maxBodyBytes: LIMIT,
      readTimeoutMs: 300,
      handlerTimeoutMs: 2000,
      logger: silentLogger(),
      metrics: registry,
    })
      .addValidating('/validate', (req) =>
        req.name === 'forbidden' ? deny('forbidden name', { warnings: ['think again'] }) : allow(),
      )
      .addMutating('/mutate', () => ({ allowed: true, patch: [{ op: 'add', path: '/data/x', value: 'y' }] }))
      .addValidating('/slow', () => new Promise((r) => setTimeout(() => r(allow()), 5000)))
      .addValidating('/sleepy', () => new Promise((r) => setTimeout(() => r(allow()), 200)))
      .addValidating('/throws', () => {
        throw new TypeError('cannot read properties of undefined');
      })
      .addConversion('/convert', (desired, objects) => objects.map((o) => ({ ...o, apiVersion: desired })));
    await server.start();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('serves validating, mutating and conversion reviews over TLS', async () => {
    const denied = await send('/validate', admissionReview(configMap('forbidden')));
    expect(denied.status).toBe(200);
    expect(denied.headers['content-type']).toBe('application/json');
    expect((JSON.parse(denied.body) as AdmissionReview).response).toMatchObject({
      uid: 'req-1',
      allowed: false,
      status: { code: 403, message: 'forbidden name' },
      warnings: ['think again'],
    });
    const mutated = JSON.parse(
      (await send('/mutate', admissionReview(configMap('a')))).body,
    ) as AdmissionReview;
    expect(mutated.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    const converted = JSON.parse(
      (
        await send(
          '/convert',
          conversionReview('example.com/v2', [{ ...configMap('c'), apiVersion: 'example.com/v1' }]),
        )
      ).body,
    ) as ConversionReview;
    expect(converted.response?.convertedObjects[0]?.apiVersion).toBe('example.com/v2');
  });

  it('answers a throwing handler with a denial and keeps serving', async () => {
    const reply = await send('/throws', admissionReview(configMap('a')));
    expect(reply.status).toBe(200);
    expect((JSON.parse(reply.body) as AdmissionReview).response).toMatchObject({
      allowed: false,
      status: {
        code: 500,
        message: 'webhook handler at /throws failed: cannot read properties of undefined',
      },
    });
    expect((await send('/validate', admissionReview(configMap('a')))).status).toBe(200);
  });

  it('caps the handler at the API server timeout passed in the query', async () => {
    const started = Date.now();
    const reply = await send('/slow?timeout=1s', admissionReview(configMap('a')));
    const review = JSON.parse(reply.body) as AdmissionReview;
    expect(review.response).toMatchObject({ allowed: false, status: { code: 504 } });
    expect(review.response?.status?.message).toMatch(/within 900 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects wrong paths, methods, media types and bodies with HTTP errors', async () => {
    expect((await send('/nope', admissionReview(configMap('a')))).status).toBe(404);
    const get = await send('/validate', '', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers['allow']).toBe('POST');
    expect((await send('/validate', '{}', { headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    const notJson = await send('/validate', '{"kind":');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ kind: 'Status', code: 400, message: /not JSON/ });
    const notReview = await send('/validate', conversionReview('x/v1', []));
    expect(notReview.status).toBe(400);
    expect(notReview.body).toMatch(/expected an AdmissionReview/);
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const big = Buffer.alloc(LIMIT + 1, 'a');
    const declared = await send('/validate', big);
    expect(declared.status).toBe(413);
    expect(declared.headers['connection']).toBe('close');
    const streamed = await send('/validate', '', {
      chunks: {
        pieces: [Buffer.alloc(LIMIT / 2, 'a'), Buffer.alloc(LIMIT / 2, 'a'), Buffer.alloc(10, 'a')],
        gapMs: 5,
      },
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({
      code: 413,
      message: `the request body exceeds ${LIMIT} bytes`,
    });
    // Just under the limit is read (and then fails as JSON, proving it got that far).
    expect((await send('/validate', Buffer.alloc(LIMIT, ' '))).status).toBe(400);
  });

  it('answers 408 when the body stalls past the read timeout', async () => {
    const reply = await send('/validate', '', {
      headers: { 'Content-Length': 100 },
      chunks: { pieces: [Buffer.from('{"kind":')], gapMs: 0, stopEarly: true },
    });
    expect(reply.status).toBe(408);
    expect(reply.body).toMatch(/within 300 ms/);
  });

  it('survives a client that hangs up before the answer', async () => {
    const controller = new AbortController();
    const gone = send('/sleepy', admissionReview(configMap('a')), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(gone).rejects.toThrow(/abort/i);
    await new Promise((r) => setTimeout(r, 300));
    expect((await send('/validate', admissionReview(configMap('a')))).status).toBe(200);
    const inFlight = await registry.getSingleMetric('controller_runtime_webhook_requests_in_flight')?.get();
    expect(inFlight?.values.every((v) => v.value === 0)).toBe(true);
  });

  it('counts requests per webhook path and code', async () => {
    const metric = await registry.getSingleMetric('controller_runtime_webhook_requests_total')?.get();
    const value = (webhook: string, code: string) =>
      metric?.values.find((v) => v.labels['webhook'] === webhook && v.labels['code'] === code)?.value ?? 0;
    expect(value('/validate', '200')).toBeGreaterThanOrEqual(2);
    expect(value('/validate', '413')).toBe(2);
    // Unregistered paths are not labels (unbounded cardinality).
    expect(metric?.values.some((v) => v.labels['webhook'] === '/nope')).toBe(false);
    const latency = await registry.getSingleMetric('controller_runtime_webhook_latency_seconds')?.get();
    expect(latency?.values.some((v) => v.labels['webhook'] === '/mutate')).toBe(true);
  });

  it('refuses duplicate and relative paths', () => {
    expect(() => server.addValidating('/validate', () => allow())).toThrow(/already registered/);
    expect(() => server.addValidating('validate2', () => allow())).toThrow(/start with/);
  });
});

describe('WebhookServer.stop', () => {
  it('lets an in-flight request finish and refuses new connections', async () => {
    const authority = await createCertificateAuthority({ commonName: 'stop-ca' });
    const leaf = await issueServingCertificate(authority, {
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
    });
    const server = new WebhookServer({
      certificates: staticCertificate({ cert: leaf.certPem, key: leaf.keyPem }),
      port: 0,
      host: '127.0.0.1',
      logger: silentLogger(),
      metrics: false,
    }).addValidating('/sleepy', () => new Promise((r) => setTimeout(() => r(allow()), 200)));
    expect(server.listening).toBe(false);
    await server.start();
    expect(server.listening).toBe(true);
    const port = server.port;
    const inFlight = post(port, '/sleepy', admissionReview(configMap('a')), { ca: authority.certPem });
    await new Promise((r) => setTimeout(r, 50));
    const stopped = server.stop(5000);
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect((JSON.parse(reply.body) as AdmissionReview).response?.allowed).toBe(true);
    await stopped;
    expect(server.listening).toBe(false);
    await expect(
      post(port, '/sleepy', admissionReview(configMap('b')), { ca: authority.certPem }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
