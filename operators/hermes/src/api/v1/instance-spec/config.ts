// spec.config: the agent's ~/.hermes/config.yaml.
import { Type } from 'typebox';
import { cel, preserveUnknown, withK8s } from '@agent-operators/runtime/crd';
import { configMapKeyRef, obj, oneOf } from '../common.ts';

export const ConfigSpec = withK8s(
  obj(
    'The agent configuration written to $HERMES_HOME/config.yaml (YAML only). Give it inline (raw) ' +
      'or from a ConfigMap (configMapRef), not both. An init container seeds the file so the agent ' +
      'can still run its config migrations (a read-only mount onto config.yaml would break them). ' +
      'Keep secrets out: config.yaml supports ${VAR} substitution from env and envFrom.',
    {
      raw: Type.Optional(
        preserveUnknown({
          description:
            'The configuration as a YAML object, e.g. {model: ..., platforms: ..., memory: ...}. Known top-level ' +
            'keys: model, providers, custom_providers, agent, terminal, compression, memory, display, platforms, ' +
            'gateway, cron, database, runtime, browser, security, tts, stt, delegation, mcp_servers, dashboard, ' +
            'updates, tool_loop_guardrails, monitoring. Unknown keys are warned about, not denied.',
        }),
      ),
      configMapRef: Type.Optional(
        configMapKeyRef(
          'A ConfigMap key holding config.yaml. Changes roll the pod (config hash).',
          'config.yaml',
        ),
      ),
      mergeMode: Type.Optional(
        oneOf(['merge', 'overwrite'], {
          description:
            'How the operator config meets the file on the volume at each start: merge deep-merges it over the ' +
            'existing file (keys the agent learned survive; operator keys win), overwrite replaces the file.',
          default: 'merge',
        }),
      ),
    },
  ),
  {
    validations: [
      cel('has(self.raw) != has(self.configMapRef)', 'set exactly one of config.raw or config.configMapRef', {
        reason: 'FieldValueInvalid',
      }),
    ],
  },
);
