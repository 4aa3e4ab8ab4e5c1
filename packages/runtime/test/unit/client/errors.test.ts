import { describe, expect, it } from 'vitest';
import {
  AlreadyExistsError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidError,
  KubeApiError,
  NotFoundError,
  TimeoutError,
  UnauthorizedError,
  clientTimeoutError,
  errorFromResponse,
  errorFromStatus,
  isAlreadyExists,
  isConflict,
  isGone,
  isInvalid,
  isNotFound,
  isTimeout,
} from '../../../src/client/errors.ts';
import type { Status } from '../../../src/client/errors.ts';

// Bodies as the API server sends them (copied from real responses).
const notFound: Status = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'configmaps "nope" not found',
  reason: 'NotFound',
  details: { name: 'nope', kind: 'configmaps' },
  code: 404,
};

const invalid: Status = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message:
    'ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain ...',
  reason: 'Invalid',
  details: {
    name: 'Bad_Name',
    kind: 'ConfigMap',
    causes: [
      {
        reason: 'FieldValueInvalid',
        message: 'Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain ...',
        field: 'metadata.name',
      },
    ],
  },
  code: 422,
};

describe('errorFromResponse', () => {
  it('maps reasons to typed errors and keeps the raw Status', () => {
    const err = errorFromResponse(404, notFound);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toBeInstanceOf(KubeApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err.statusCode).toBe(404);
    expect(err.reason).toBe('NotFound');
    expect(err.message).toBe('configmaps "nope" not found');
    expect(err.status).toBe(notFound);
    expect(err.details?.name).toBe('nope');
    expect(err.name).toBe('NotFoundError');
    expect(isNotFound(err)).toBe(true);
    expect(isConflict(err)).toBe(false);
  });

  it('tells AlreadyExists from Conflict although both are 409', () => {
    const exists = errorFromResponse(409, { ...notFound, reason: 'AlreadyExists', code: 409 });
    const conflict = errorFromResponse(409, { ...notFound, reason: 'Conflict', code: 409 });
    expect(exists).toBeInstanceOf(AlreadyExistsError);
    expect(isAlreadyExists(exists)).toBe(true);
    expect(isConflict(exists)).toBe(false);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(isConflict(conflict)).toBe(true);
  });

  it('exposes causes of Invalid', () => {
    const err = errorFromResponse(422, invalid);
    expect(err).toBeInstanceOf(InvalidError);
    expect(isInvalid(err)).toBe(true);
    expect(err.causes).toEqual([
      expect.objectContaining({ field: 'metadata.name', reason: 'FieldValueInvalid' }),
    ]);
  });

  it('keeps the causes of a server-side apply conflict', () => {
    const err = errorFromResponse(409, {
      kind: 'Status',
      status: 'Failure',
      reason: 'Conflict',
      code: 409,
      message: 'Apply failed with 1 conflict: conflict with "a": .spec.size',
      details: {
        causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "a"', field: '.spec.size' }],
      },
    });
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.causes[0]?.field).toBe('.spec.size');
  });

  it('maps Gone, Expired and "too large resource version" to GoneError', () => {
    expect(
      errorFromResponse(410, { kind: 'Status', reason: 'Expired', code: 410, message: 'too old' }),
    ).toBeInstanceOf(GoneError);
    expect(errorFromResponse(410, { kind: 'Status', reason: 'Gone', code: 410 })).toBeInstanceOf(GoneError);
    expect(errorFromResponse(410, '')).toBeInstanceOf(GoneError);
    const tooLarge = errorFromResponse(504, {
      kind: 'Status',
      status: 'Failure',
      message: 'Too large resource version: 999, current: 100',
      reason: 'Timeout',
      details: {
        causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
        retryAfterSeconds: 1,
      },
      code: 504,
    });
    expect(tooLarge).toBeInstanceOf(GoneError);
    expect(isGone(tooLarge)).toBe(true);
    expect(tooLarge.statusCode).toBe(504);
  });

  it('maps server and client timeouts to TimeoutError', () => {
    expect(errorFromResponse(504, { kind: 'Status', reason: 'Timeout', code: 504 })).toBeInstanceOf(
      TimeoutError,
    );
    expect(errorFromResponse(500, { kind: 'Status', reason: 'ServerTimeout', code: 500 })).toBeInstanceOf(
      TimeoutError,
    );
    const client = clientTimeoutError('GET', '/api/v1/pods', 100);
    expect(isTimeout(client)).toBe(true);
    expect(client.statusCode).toBe(0);
    expect(client.message).toContain('100 ms');
  });

  it('falls back to the HTTP code when there is no Status body', () => {
    const err = errorFromResponse(403, '<html>forbidden by proxy</html>');
    expect(err).toBeInstanceOf(ForbiddenError);
    expect(err.reason).toBe('Forbidden');
    expect(err.message).toContain('forbidden by proxy');
    expect(err.status).toBeUndefined();
    expect(errorFromResponse(401, undefined)).toBeInstanceOf(UnauthorizedError);
    expect(errorFromResponse(400, undefined)).toBeInstanceOf(BadRequestError);
    const teapot = errorFromResponse(418, undefined);
    expect(teapot.constructor).toBe(KubeApiError);
    expect(teapot.message).toContain('418');
    const bad = errorFromResponse(502, undefined);
    expect(bad.reason).toBe('InternalError');
  });

  it('uses the code when the reason is unknown', () => {
    const err = errorFromResponse(404, { kind: 'Status', reason: 'SomethingNew', code: 404 });
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.reason).toBe('SomethingNew');
  });
});

describe('errorFromStatus', () => {
  it('types the object of a watch ERROR event', () => {
    const err = errorFromStatus({
      apiVersion: 'v1',
      kind: 'Status',
      status: 'Failure',
      message: 'too old resource version: 1 (42)',
      reason: 'Expired',
      code: 410,
    });
    expect(err).toBeInstanceOf(GoneError);
    expect(err.statusCode).toBe(410);
  });
});
