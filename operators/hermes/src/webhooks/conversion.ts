// The CRD conversion webhook: hub and spoke with v1 as the hub (and storage version). Today v1 is
// the only version, so the API server never calls it; it is wired into the CRDs anyway so that a
// v2 lands by adding one spoke here and a version to the CRD, with no re-plumbing.
import type { KubeObject } from '@agent-operators/runtime/client';
import { convertEach } from '@agent-operators/runtime/webhook';
import type { Converter } from '@agent-operators/runtime/webhook';

export const HUB_VERSION = 'v1';

/** How one non-hub version converts to and from the hub (apiVersion is set by the caller). */
export interface ConversionSpoke {
  toHub(object: KubeObject): KubeObject;
  fromHub(object: KubeObject): KubeObject;
}

/** Spokes by version name, e.g. `{ v2: { toHub, fromHub } }`. None today. */
export type ConversionSpokes = Readonly<Record<string, ConversionSpoke>>;

function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.lastIndexOf('/');
  return i < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/** Converts one object to `desiredAPIVersion` through the hub; throws for an unknown version. */
export function convertObject(
  object: KubeObject,
  desiredAPIVersion: string,
  spokes: ConversionSpokes = {},
): KubeObject {
  const from = splitApiVersion(object.apiVersion);
  const to = splitApiVersion(desiredAPIVersion);
  if (from.group !== to.group) {
    throw new Error(`cannot convert ${object.kind} from group ${from.group} to group ${to.group}`);
  }
  const spoke = (version: string): ConversionSpoke => {
    const s = Object.hasOwn(spokes, version) ? spokes[version] : undefined;
    if (!s)
      throw new Error(
        `${object.kind} has no version ${version} (known: ${[HUB_VERSION, ...Object.keys(spokes)].join(', ')})`,
      );
    return s;
  };
  let out = object;
  if (from.version !== to.version) {
    const hub = from.version === HUB_VERSION ? object : spoke(from.version).toHub(object);
    out = to.version === HUB_VERSION ? hub : spoke(to.version).fromHub(hub);
  }
  return { ...out, apiVersion: desiredAPIVersion };
}

export function hermesConverter(spokes: ConversionSpokes = {}): Converter {
  return convertEach((object, desired) => convertObject(object, desired, spokes));
}
