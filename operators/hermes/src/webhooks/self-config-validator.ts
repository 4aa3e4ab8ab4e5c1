// Validating webhook for HermesSelfConfig (CREATE, UPDATE). A request is judged once, at
// creation, against its parent instance's spec.selfConfigure policy; the denial message carries
// the reason (the SelfConfig controller records Events, this handler only answers).
//
// A missing parent is denied, not admitted with a warning: the request could never be applied,
// the agent that sent it gets the reason at once instead of a Denied status later, and nothing
// is left behind to clean up. Updates are not re-judged (spec is immutable; only metadata such
// as finalizers changes, and that must keep working after the parent or its policy is gone).
import { isDeepStrictEqual } from 'node:util';
import { isNotFound } from '@agent-operators/runtime/client';
import type { KubeClient } from '@agent-operators/runtime/client';
import { allow, deny } from '@agent-operators/runtime/webhook';
import type { ValidatingHandler, WebhookLogger } from '@agent-operators/runtime/webhook';
import type { HermesInstanceResource } from '../api/v1/hermes-instance.ts';
import type { HermesSelfConfigResource } from '../api/v1/hermes-self-config.ts';
import { requestApiVersion } from './cluster-defaults-reader.ts';
import { DENY } from './messages.ts';
import { checkSelfConfig } from './self-config-policy.ts';

/** The caller's cached instance, or undefined when the cache does not have it (then a GET is made). */
export type InstanceGetter = (namespace: string, name: string) => HermesInstanceResource | undefined;

export function hermesSelfConfigValidator(
  client: KubeClient,
  opts: { getInstance?: InstanceGetter; logger?: WebhookLogger } = {},
): ValidatingHandler<HermesSelfConfigResource> {
  return async (request, ctx) => {
    const obj = request.object;
    if (!obj) return allow();
    if (request.operation === 'UPDATE') {
      const old = request.oldObject;
      return old && !isDeepStrictEqual(obj.spec, old.spec)
        ? deny(DENY.selfConfigSpecImmutable(), { code: 422 })
        : allow();
    }
    const namespace = request.namespace ?? obj.metadata.namespace ?? 'default';
    const name = obj.spec.instanceRef;
    let parent = opts.getInstance?.(namespace, name);
    if (!parent) {
      try {
        parent = await client.get<HermesInstanceResource>(
          { apiVersion: requestApiVersion(request.kind), kind: 'HermesInstance', namespace, name },
          { signal: ctx.signal },
        );
      } catch (err) {
        if (isNotFound(err)) return deny(DENY.parentNotFound(name, namespace), { code: 422 });
        throw err;
      }
    }
    const policy = parent.spec.selfConfigure;
    const denials = policy?.enabled
      ? checkSelfConfig(obj.spec, policy, name)
      : [DENY.selfConfigureDisabled(name)];
    if (denials.length === 0) return allow();
    const message = denials.join('; ');
    (opts.logger ?? ctx.logger).info(
      {
        namespace,
        selfConfig: obj.metadata.name ?? obj.metadata.generateName,
        instance: name,
        reason: message,
      },
      'HermesSelfConfig denied',
    );
    return deny(message, { code: 403 });
  };
}
