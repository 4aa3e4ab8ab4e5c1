import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@agent-operators/runtime/client';
import { silentLogger } from '@agent-operators/runtime/logging';
import { reviewConversion } from '@agent-operators/runtime/webhook';
import { convertObject, hermesConverter } from '../../../src/webhooks/conversion.ts';
import type { ConversionSpokes } from '../../../src/webhooks/conversion.ts';

const obj = (apiVersion: string, spec: Record<string, unknown> = { suspended: true }): KubeObject => ({
  apiVersion,
  kind: 'HermesInstance',
  metadata: { name: 'a', namespace: 'n', uid: 'u1' },
  spec,
});

// A made-up v2 that calls `suspended` `paused`, to prove the hub-and-spoke plumbing.
const SPOKES: ConversionSpokes = {
  v2: {
    toHub: (o) => {
      const { paused, ...rest } = o.spec as Record<string, unknown>;
      return { ...o, spec: { ...rest, suspended: paused } };
    },
    fromHub: (o) => {
      const { suspended, ...rest } = o.spec as Record<string, unknown>;
      return { ...o, spec: { ...rest, paused: suspended } };
    },
  },
};

describe('conversion (v1 hub)', () => {
  it('v1 to v1 only sets apiVersion', () => {
    expect(convertObject(obj('hermes.agent/v1'), 'hermes.agent/v1')).toEqual(obj('hermes.agent/v1'));
  });

  it('refuses a version it does not know, and a change of group', () => {
    expect(() => convertObject(obj('hermes.agent/v1'), 'hermes.agent/v2')).toThrow(
      'HermesInstance has no version v2 (known: v1)',
    );
    expect(() => convertObject(obj('hermes.agent/v1'), 'other.agent/v1')).toThrow(
      /from group hermes\.agent to group other\.agent/,
    );
  });

  it('goes through the hub with spokes, both ways', () => {
    const v2 = convertObject(obj('hermes.agent/v1'), 'hermes.agent/v2', SPOKES);
    expect(v2).toEqual(obj('hermes.agent/v2', { paused: true }));
    expect(convertObject(v2, 'hermes.agent/v1', SPOKES)).toEqual(obj('hermes.agent/v1'));
  });

  it('answers a ConversionReview: success, and failure with the reason', async () => {
    const review = (desiredAPIVersion: string) => ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: { uid: 'r1', desiredAPIVersion, objects: [obj('hermes.agent/v1'), obj('hermes.agent/v1')] },
    });
    const context = { path: '/convert', logger: silentLogger() };
    const ok = await reviewConversion(review('hermes.agent/v1'), hermesConverter(), context, 1000);
    expect(ok.response?.result.status).toBe('Success');
    expect(ok.response?.convertedObjects).toHaveLength(2);
    const failed = await reviewConversion(review('hermes.agent/v3'), hermesConverter(SPOKES), context, 1000);
    expect(failed.response?.result).toEqual({
      status: 'Failure',
      message: 'conversion to hermes.agent/v3 failed: HermesInstance has no version v3 (known: v1, v2)',
    });
  });
});
