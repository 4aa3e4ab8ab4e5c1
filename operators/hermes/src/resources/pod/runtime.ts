// Extra Python packages (spec.runtime.pipPackages): the agent image has runtime installs disabled,
// so runtime-init installs them with uv into $HERMES_HOME/.runtime/python<X.Y> on the data volume,
// and the agent gets that directory on PYTHONPATH. runtime-init runs the uv image built on the
// same Python minor version as the agent, so compiled wheels match its interpreter.
import { tagOf } from '../image.ts';
import type { BuildInput } from '../input.ts';
import type { Container } from '../k8s-types.ts';
import { defaultPullPolicy } from '../image.ts';
import { CONFIG_MOUNT } from '../scripts.ts';
import { container } from './defaults.ts';
import { HERMES_HOME, RUNTIME_DIR, VOLUME_CONFIG, VOLUME_DATA, tmpVolume } from './layout.ts';
import { restrictedContext } from './security.ts';

export const UV_IMAGE_REPOSITORY = 'ghcr.io/astral-sh/uv';

/**
 * The agent's Python minor version: spec.runtime.python.version, else derived from the image tag
 * (hermes-agent 0.21 and later ship 3.14; 0.20 and earlier 3.13), else 3.14 for moving tags.
 */
export function agentPythonVersion(input: BuildInput): string {
  const own = input.spec.runtime?.python?.version;
  if (own) return own;
  const m = /^v?(\d+)\.(\d+)/.exec(tagOf(input.agentImage) ?? '');
  if (!m) return '3.14';
  const major = Number(m[1]);
  const minor = Number(m[2]);
  return major === 0 && minor <= 20 ? '3.13' : '3.14';
}

export function runtimePackages(input: BuildInput): string[] {
  return input.spec.runtime?.pipPackages ?? [];
}

export function runtimePythonPath(input: BuildInput): string | undefined {
  if (runtimePackages(input).length === 0) return undefined;
  return `${RUNTIME_DIR}/python${agentPythonVersion(input)}`;
}

export function uvImage(input: BuildInput, py = agentPythonVersion(input)): string {
  const uv = input.spec.runtime?.uv?.version ?? 'latest';
  return `${UV_IMAGE_REPOSITORY}:${uv === 'latest' ? '' : `${uv}-`}python${py}-bookworm-slim`;
}

export function runtimeInitContainer(input: BuildInput): Container | undefined {
  const packages = runtimePackages(input);
  if (packages.length === 0) return undefined;
  const py = agentPythonVersion(input);
  const image = uvImage(input, py);
  const env = [
    { name: 'HERMES_HOME', value: HERMES_HOME },
    { name: 'HOME', value: '/tmp' },
    { name: 'RUNTIME_PYTHON_VERSION', value: py },
    { name: 'RUNTIME_REQUIREMENTS', value: packages.join('\n') },
    { name: 'UV_NO_CACHE', value: '1' },
  ];
  const index = input.spec.runtime?.pipIndexUrl;
  if (index) env.push({ name: 'UV_INDEX_URL', value: index });
  return container({
    name: 'runtime-init',
    image,
    imagePullPolicy: defaultPullPolicy(image),
    command: ['sh', `${CONFIG_MOUNT}/runtime_init.sh`],
    env,
    resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { memory: '1Gi' } },
    securityContext: restrictedContext(),
    volumeMounts: [
      { name: VOLUME_DATA, mountPath: HERMES_HOME },
      { name: VOLUME_CONFIG, mountPath: CONFIG_MOUNT, readOnly: true },
      { name: tmpVolume('runtime-init'), mountPath: '/tmp' },
    ],
  });
}
