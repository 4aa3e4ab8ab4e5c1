import { describe, expect, it } from 'vitest';
import {
  ResourceExpiredError,
  WatchStatusError,
  errorFromWatchStatus,
  isResourceExpired,
} from '../../../src/cache/watch-errors.ts';
import { GoneError, errorFromResponse } from '../../../src/client/errors.ts';
import type { KubeObject } from '../../../src/client/types.ts';

const status = (fields: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Status',
  metadata: {},
  status: 'Failure',
  ...fields,
});

describe('watch errors', () => {
  it('classifies ERROR events', () => {
    expect(errorFromWatchStatus(status({ code: 410, reason: 'Expired', message: 'too old' }))).toBeInstanceOf(
      ResourceExpiredError,
    );
    expect(errorFromWatchStatus(status({ code: 410, reason: 'Gone' }))).toBeInstanceOf(ResourceExpiredError);
    expect(
      errorFromWatchStatus(
        status({ code: 504, reason: 'Timeout', message: 'Too large resource version: 5' }),
      ),
    ).toBeInstanceOf(ResourceExpiredError);
    expect(
      errorFromWatchStatus(
        status({ code: 504, message: 'x', details: { causes: [{ reason: 'ResourceVersionTooLarge' }] } }),
      ),
    ).toBeInstanceOf(ResourceExpiredError);
    const other = errorFromWatchStatus(status({ code: 500, reason: 'InternalError', message: 'boom' }));
    expect(other).toBeInstanceOf(WatchStatusError);
    expect(isResourceExpired(other)).toBe(false);
  });

  it('recognises HTTP 410 and too-large answers from the client', () => {
    expect(isResourceExpired(new ResourceExpiredError('x'))).toBe(true);
    expect(isResourceExpired(new GoneError({ statusCode: 410, reason: 'Expired', message: 'too old' }))).toBe(
      true,
    );
    const tooLarge = errorFromResponse(504, {
      kind: 'Status',
      code: 504,
      reason: 'Timeout',
      message: 'Too large resource version: 9, current: 3',
      details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }] },
    });
    expect(isResourceExpired(tooLarge)).toBe(true);
    expect(
      isResourceExpired(
        errorFromResponse(504, { kind: 'Status', code: 504, reason: 'Timeout', message: 'slow' }),
      ),
    ).toBe(false);
    expect(isResourceExpired(Object.assign(new Error('Gone'), { statusCode: 410 }))).toBe(true);
    expect(isResourceExpired(Object.assign(new Error('x'), { status: { code: 410 } }))).toBe(true);
    expect(isResourceExpired(new Error('Timeout: Too large resource version: 7, current: 3'))).toBe(true);
    expect(isResourceExpired(Object.assign(new Error('Not Found'), { statusCode: 404 }))).toBe(false);
    expect(isResourceExpired(new Error('ECONNREFUSED'))).toBe(false);
    expect(isResourceExpired('410')).toBe(false);
    expect(isResourceExpired(null)).toBe(false);
  });
});
