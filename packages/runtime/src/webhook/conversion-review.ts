// Decodes a ConversionReview, runs a converter on it and encodes the answer. No HTTP here.
import type { KubeObject } from '../client/types.ts';
import type { ConversionRequest, ConversionReview } from './conversion-types.ts';
import { CONVERSION_API_VERSION } from './conversion-types.ts';
import { runWithDeadline } from './deadline.ts';
import type { HandlerContext } from './handler-context.ts';
import { HttpError } from './http-error.ts';

/** Converts every object to `desiredAPIVersion`, keeping order; throw to fail the whole request. */
export type Converter = (
  desiredAPIVersion: string,
  objects: KubeObject[],
  ctx: HandlerContext,
) => KubeObject[] | Promise<KubeObject[]>;

/** A converter from a function that converts one object. */
export function convertEach(
  convert: (
    object: KubeObject,
    desiredAPIVersion: string,
    ctx: HandlerContext,
  ) => KubeObject | Promise<KubeObject>,
): Converter {
  return (desired, objects, ctx) => Promise.all(objects.map(async (o) => await convert(o, desired, ctx)));
}

/** Throws HttpError(400) when the body is not an apiextensions.k8s.io/v1 ConversionReview request. */
export function parseConversionReview(body: unknown): ConversionRequest {
  const review = body as Partial<ConversionReview> | null;
  if (typeof review !== 'object' || review === null || review.kind !== 'ConversionReview') {
    throw new HttpError(400, 'expected a ConversionReview');
  }
  if (review.apiVersion !== CONVERSION_API_VERSION) {
    throw new HttpError(
      400,
      `unsupported ConversionReview version ${String(review.apiVersion)}: set conversionReviewVersions ["v1"]`,
    );
  }
  const request = review.request;
  if (typeof request !== 'object' || request === null || typeof request.uid !== 'string' || !request.uid) {
    throw new HttpError(400, 'the ConversionReview has no request.uid');
  }
  if (typeof request.desiredAPIVersion !== 'string' || !Array.isArray(request.objects)) {
    throw new HttpError(400, 'the ConversionReview request needs desiredAPIVersion and objects');
  }
  return request;
}

/** Runs the converter within `timeoutMs`; a throw, timeout or inconsistent output is a Failure result. */
export async function reviewConversion(
  body: unknown,
  converter: Converter,
  ctx: Omit<HandlerContext, 'signal'>,
  timeoutMs: number,
  parentSignal?: AbortSignal,
): Promise<ConversionReview> {
  const request = parseConversionReview(body);
  const { uid, desiredAPIVersion, objects } = request;
  try {
    const converted = await runWithDeadline(
      (signal) => converter(desiredAPIVersion, structuredClone(objects), { ...ctx, signal }),
      timeoutMs,
      parentSignal,
    );
    checkConverted(objects, converted, desiredAPIVersion);
    return {
      apiVersion: CONVERSION_API_VERSION,
      kind: 'ConversionReview',
      response: { uid, convertedObjects: converted, result: { status: 'Success' } },
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.logger.error({ err, path: ctx.path, uid, desiredAPIVersion }, 'conversion failed');
    return {
      apiVersion: CONVERSION_API_VERSION,
      kind: 'ConversionReview',
      response: {
        uid,
        convertedObjects: [],
        result: { status: 'Failure', message: `conversion to ${desiredAPIVersion} failed: ${message}` },
      },
    };
  }
}

// The API server rejects these mistakes too, but with a message that does not name the converter.
function checkConverted(
  inputs: KubeObject[],
  outputs: unknown,
  desired: string,
): asserts outputs is KubeObject[] {
  if (!Array.isArray(outputs)) throw new Error('the converter did not return an array');
  if (outputs.length !== inputs.length) {
    throw new Error(`the converter returned ${outputs.length} objects for ${inputs.length}`);
  }
  outputs.forEach((out: Partial<KubeObject> | null, i) => {
    const input = inputs[i];
    if (typeof out !== 'object' || out === null || !input) throw new Error(`object ${i} is not an object`);
    if (out.apiVersion !== desired) {
      throw new Error(`object ${i} has apiVersion ${String(out.apiVersion)}, want ${desired}`);
    }
    if (out.kind !== input.kind) throw new Error(`object ${i} changed kind to ${String(out.kind)}`);
    if (out.metadata?.uid !== input.metadata.uid || out.metadata?.name !== input.metadata.name) {
      throw new Error(`object ${i} changed metadata.name or metadata.uid`);
    }
  });
}
