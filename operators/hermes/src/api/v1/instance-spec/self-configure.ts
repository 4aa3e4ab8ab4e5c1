// spec.selfConfigure: what HermesSelfConfig objects may change on this instance.
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { obj, oneOf } from '../common.ts';

export const SelfConfigAction = oneOf(['skills', 'config', 'envVars', 'workspaceFiles', 'profiles'], {
  description: 'A kind of change a HermesSelfConfig may make.',
});

export const SelfConfigureSpec = withK8s(
  obj(
    'Allow-list policy for HermesSelfConfig: the agent asks for changes, the operator checks them against this ' +
      'policy and applies them with server-side apply (field manager hermes.agent/selfconfig), so GitOps tools ' +
      'owning other fields keep working.',
    {
      enabled: Type.Optional(
        Type.Boolean({ description: 'Accept HermesSelfConfig requests for this instance.', default: false }),
      ),
      allowedActions: Type.Optional(
        withK8s(
          Type.Array(SelfConfigAction, {
            description: 'Kinds of change allowed. Empty allows none.',
            maxItems: 5,
          }),
          { listType: 'set' },
        ),
      ),
      protectedKeys: Type.Optional(
        withK8s(
          Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
            description:
              'Paths a request may never touch: config keys in dot notation (model.provider, platforms.telegram), ' +
              'env var names (env:OPENAI_API_KEY) or workspace paths (file:SOUL.md). Required when enabled: the policy is an explicit allow-list.',
            maxItems: 256,
          }),
          { listType: 'set' },
        ),
      ),
      allowedSkillSources: Type.Optional(
        withK8s(
          Type.Array(Type.String({ minLength: 1, maxLength: 512 }), {
            description:
              'Prefixes a skill source must start with, e.g. git+https://github.com/my-org/. Empty allows any source.',
            maxItems: 64,
          }),
          { listType: 'set' },
        ),
      ),
    },
  ),
  {
    validations: [
      cel(
        '!self.enabled || (has(self.protectedKeys) && size(self.protectedKeys) > 0)',
        'selfConfigure.enabled needs a non-empty selfConfigure.protectedKeys',
        { fieldPath: '.protectedKeys', reason: 'FieldValueRequired' },
      ),
    ],
  },
);
