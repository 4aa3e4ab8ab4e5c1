import { describe, expect, it } from 'vitest';
import type { JsonPatchOperation } from '../../../src/webhook/index.ts';
import {
  allow,
  applyJsonPatch,
  deny,
  mutateObject,
  parseAdmissionReview,
  reviewAdmission,
} from '../../../src/webhook/index.ts';
import { admissionReview, configMap, quietContext } from './fixtures.ts';

const decodePatch = (patch: string | undefined): JsonPatchOperation[] =>
  JSON.parse(Buffer.from(patch ?? '', 'base64').toString('utf8')) as JsonPatchOperation[];

describe('AdmissionReview v1', () => {
  it('answers an allowed validating request with the request uid and warnings', async () => {
    const review = await reviewAdmission(
      admissionReview(configMap('a')),
      { type: 'validating', handler: () => allow({ warnings: ['deprecated field'] }) },
      quietContext,
      1000,
    );
    expect(review).toEqual({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      response: { uid: 'req-1', allowed: true, warnings: ['deprecated field'] },
    });
  });

  it('encodes a denial as a Failure status with code and reason', async () => {
    const forbidden = await reviewAdmission(
      admissionReview(configMap('a')),
      { type: 'validating', handler: () => deny('name is reserved', { warnings: ['w'] }) },
      quietContext,
      1000,
    );
    expect(forbidden.response).toEqual({
      uid: 'req-1',
      allowed: false,
      status: { code: 403, status: 'Failure', message: 'name is reserved', reason: 'Forbidden' },
      warnings: ['w'],
    });
    const invalid = await reviewAdmission(
      admissionReview(configMap('a')),
      { type: 'validating', handler: () => deny('spec.x: must be > 0', { code: 422 }) },
      quietContext,
      1000,
    );
    expect(invalid.response?.status).toEqual({
      code: 422,
      status: 'Failure',
      message: 'spec.x: must be > 0',
      reason: 'Invalid',
    });
  });

  it('base64-encodes a mutating handler patch with patchType JSONPatch', async () => {
    const ops: JsonPatchOperation[] = [{ op: 'add', path: '/data/added', value: 'yes' }];
    const review = await reviewAdmission(
      admissionReview(configMap('a', { x: '1' })),
      { type: 'mutating', handler: () => ({ allowed: true, patch: ops }) },
      quietContext,
      1000,
    );
    expect(review.response?.patchType).toBe('JSONPatch');
    expect(decodePatch(review.response?.patch)).toEqual(ops);
  });

  it('omits the patch when it is empty, when the result denies, and for validating handlers', async () => {
    const op: JsonPatchOperation = { op: 'add', path: '/data/a', value: 'b' };
    const empty = await reviewAdmission(
      admissionReview(configMap('a')),
      { type: 'mutating', handler: () => ({ allowed: true, patch: [] }) },
      quietContext,
      1000,
    );
    const denied = await reviewAdmission(
      admissionReview(configMap('a')),
      { type: 'mutating', handler: () => ({ allowed: false, message: 'no', patch: [op] }) },
      quietContext,
      1000,
    );
    for (const r of [empty, denied]) {
      expect(r.response?.patch).toBeUndefined();
      expect(r.response?.patchType).toBeUndefined();
    }
    expect(denied.response?.allowed).toBe(false);
  });

  it('mutateObject diffs the handler-modified copy into a patch that reproduces it', async () => {
    const original = configMap('a', { keep: '1', drop: '2' });
    const handler = mutateObject((obj) => {
      obj.metadata.labels = { 'app.kubernetes.io/managed-by': 'test' };
      const data = obj['data'] as Record<string, string>;
      delete data['drop'];
      data['added'] = 'x';
    });
    const review = await reviewAdmission(
      admissionReview(original),
      { type: 'mutating', handler },
      quietContext,
      1000,
    );
    const patched = applyJsonPatch(original, decodePatch(review.response?.patch));
    expect(patched.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'test' });
    expect(patched['data']).toEqual({ keep: '1', added: 'x' });
    // A DELETE has no object: allowed, nothing to patch.
    const del = await reviewAdmission(
      admissionReview(null, 'DELETE'),
      { type: 'mutating', handler },
      quietContext,
      1000,
    );
    expect(del.response).toEqual({ uid: 'req-1', allowed: true });
  });

  it('turns a throwing handler into a denial naming the failure, never a crash', async () => {
    const review = await reviewAdmission(
      admissionReview(configMap('a')),
      {
        type: 'validating',
        handler: () => {
          throw new Error('boom');
        },
      },
      quietContext,
      1000,
    );
    expect(review.response).toMatchObject({
      uid: 'req-1',
      allowed: false,
      status: { code: 500, reason: 'InternalError', message: 'webhook handler at /test failed: boom' },
    });
    const rejected = await reviewAdmission(
      admissionReview(configMap('a')),
      { type: 'mutating', handler: () => Promise.reject(new Error('async boom')) },
      quietContext,
      1000,
    );
    expect(rejected.response?.status?.message).toMatch(/async boom/);
    const malformed = await reviewAdmission(
      admissionReview(configMap('a')),
      // Deliberately not a result, as untyped JavaScript could return.
      { type: 'validating', handler: () => undefined as unknown as ReturnType<typeof allow> },
      quietContext,
      1000,
    );
    expect(malformed.response?.status?.message).toMatch(/boolean "allowed"/);
  });

  it('denies with 504 when the handler misses its deadline, and aborts its signal', async () => {
    let aborted = false;
    const review = await reviewAdmission(
      admissionReview(configMap('a')),
      {
        type: 'validating',
        handler: (_req, ctx) =>
          new Promise((resolve) => {
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              setTimeout(() => resolve(allow()), 5);
            });
          }),
      },
      quietContext,
      50,
    );
    expect(review.response).toMatchObject({ allowed: false, status: { code: 504, reason: 'Timeout' } });
    expect(review.response?.status?.message).toMatch(/within 50 ms/);
    expect(aborted).toBe(true);
  });

  it('rejects what is not an admission.k8s.io/v1 AdmissionReview request', () => {
    expect(() => parseAdmissionReview({ kind: 'Pod' })).toThrow(/expected an AdmissionReview/);
    expect(() =>
      parseAdmissionReview({ ...admissionReview(configMap('a')), apiVersion: 'admission.k8s.io/v1beta1' }),
    ).toThrow(/admissionReviewVersions/);
    expect(() =>
      parseAdmissionReview({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }),
    ).toThrow(/request.uid/);
  });
});
