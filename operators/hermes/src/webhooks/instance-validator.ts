// Validating webhook for HermesInstance (CREATE, UPDATE): denials for required and immutable
// fields and the selfConfigure policy shape, warnings for unknown config keys, unresolvable
// gateway tokens and scaled-out gateways. All denials go out in one message, joined by "; ".
import { isDeepStrictEqual } from 'node:util';
import type { KubeClient } from '@agent-operators/runtime/client';
import { allow, deny } from '@agent-operators/runtime/webhook';
import type { ValidatingHandler } from '@agent-operators/runtime/webhook';
import type { HermesInstanceResource } from '../api/v1/hermes-instance.ts';
import type { ClusterDefaultsReader } from './cluster-defaults-reader.ts';
import { requestApiVersion } from './cluster-defaults-reader.ts';
import { checkInstance } from './instance-rules.ts';
import { checkConfigMapConfig, checkGatewayTokens } from './reference-checks.ts';

export function hermesInstanceValidator(
  client: KubeClient,
  readClusterDefaults: ClusterDefaultsReader,
): ValidatingHandler<HermesInstanceResource> {
  return async (request, ctx) => {
    const obj = request.object;
    if (!obj) return allow();
    const old = request.operation === 'UPDATE' ? (request.oldObject ?? undefined) : undefined;
    // An update that leaves spec alone (labels, finalizers) is not re-judged: a rule added since
    // creation must never block the removal of a finalizer.
    if (old && isDeepStrictEqual(obj.spec, old.spec)) return allow();
    const clusterDefaults = await readClusterDefaults(requestApiVersion(request.kind), ctx.signal);
    const { denials, warnings } = checkInstance(obj, old, clusterDefaults);
    if (denials.length > 0) return deny(denials.join('; '), { code: 422, warnings });
    const namespace = request.namespace ?? obj.metadata.namespace ?? 'default';
    const lookups = await Promise.all([
      checkGatewayTokens(client, namespace, obj.spec ?? {}, ctx.signal),
      checkConfigMapConfig(client, namespace, obj.spec ?? {}, ctx.signal),
    ]);
    return allow({ warnings: [...warnings, ...lookups.flat()] });
  };
}
