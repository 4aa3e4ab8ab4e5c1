// spec.runtime: Python tooling around the agent image.
import { Type } from 'typebox';
import { obj } from '../common.ts';

const tool = (name: string, why: string) =>
  obj(`${name}: ${why}`, {
    enabled: Type.Optional(
      Type.Boolean({
        description: `Require ${name}. The runtime-init container checks the image has it and fails fast with a clear message otherwise.`,
        default: true,
      }),
    ),
  });

export const RuntimeSpec = obj(
  'The Python runtime around hermes-agent. The supported Python is a property of the agent version (0.20: ' +
    '3.11 to 3.13; 0.21: 3.14), so it follows the image. Runtime installs are disabled in the image: extra ' +
    'packages are installed by the runtime-init container into the data volume. System packages need a derived image.',
  {
    python: Type.Optional(
      obj('The interpreter extra packages are installed for.', {
        version: Type.Optional(
          Type.String({
            description: "Python version, e.g. 3.14. Default: the agent image's own interpreter.",
            pattern: '^3\\.[0-9]+$',
          }),
        ),
      }),
    ),
    uv: Type.Optional(
      obj('uv, the installer runtime-init uses.', {
        version: Type.Optional(
          Type.String({
            description: 'uv version, or latest.',
            default: 'latest',
            pattern: '^(latest|[0-9]+\\.[0-9]+\\.[0-9]+)$',
          }),
        ),
      }),
    ),
    ffmpeg: Type.Optional(
      tool('ffmpeg', 'audio and video handling (voice messages); a hard dependency of hermes-agent.'),
    ),
    ripgrep: Type.Optional(
      tool('ripgrep', 'file search used by the agent tools; a hard dependency of hermes-agent.'),
    ),
    pipPackages: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
        description:
          'Extra Python requirements (PEP 508, e.g. honcho-ai>=1.0) installed with uv into $HERMES_HOME/.runtime and put on PYTHONPATH.',
        maxItems: 64,
        'x-kubernetes-list-type': 'set',
      }),
    ),
    pipIndexUrl: Type.Optional(
      Type.String({ description: 'Package index URL for pipPackages (UV_INDEX_URL).', maxLength: 512 }),
    ),
  },
);
