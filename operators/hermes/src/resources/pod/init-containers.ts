// The operator's init containers, in order: config-init (tool checks, directories, config.yaml,
// honcho.json, CA bundle), workspace-init (workspace files), runtime-init (extra Python packages);
// then spec.initContainers. Each mounts the whole data volume (openclaw lesson #450: on volumes
// where fsGroup is not applied, subPath mounts the kubelet creates are root-owned) and runs as the
// hermes user, so what it writes belongs to the agent.
import type { BuildInput } from '../input.ts';
import type { Container, EnvVar, Json, VolumeMount } from '../k8s-types.ts';
import { CONFIG_MOUNT, WORKSPACE_MOUNT, WORKSPACE_REFS_MOUNT } from '../scripts.ts';
import { container, normalizeContainer } from './defaults.ts';
import {
  CA_SOURCE_FILE,
  CA_SOURCE_MOUNT,
  CA_WRITE_MOUNT,
  HERMES_HOME,
  TAILSCALE_STATE_SUBPATH,
  VOLUME_CA,
  VOLUME_CA_SOURCE,
  VOLUME_CONFIG,
  VOLUME_DATA,
  VOLUME_WORKSPACE,
  VOLUME_WORKSPACE_REF,
  tmpVolume,
} from './layout.ts';
import { runtimeInitContainer } from './runtime.ts';
import { restrictedContext } from './security.ts';

const initResources = () => ({ requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '256Mi' } });

/** Directories config-init creates under $HERMES_HOME (owned by the hermes user). */
export function initDirectories(input: BuildInput): string[] {
  const dirs = ['.config'];
  if (input.spec.gateways?.signal?.enabled && input.spec.gateways.signal.sidecar) dirs.push('.signal-cli');
  if (input.spec.tailscale?.enabled) dirs.push(TAILSCALE_STATE_SUBPATH);
  return dirs;
}

function requiredTools(input: BuildInput): string[] {
  const rt = input.spec.runtime;
  const tools: string[] = [];
  if (rt?.ffmpeg?.enabled ?? true) tools.push('ffmpeg');
  if (rt?.ripgrep?.enabled ?? true) tools.push('rg');
  return tools;
}

function configInit(input: BuildInput): Container {
  const env: EnvVar[] = [
    { name: 'HERMES_HOME', value: HERMES_HOME },
    { name: 'HERMES_CONFIG_MERGE_MODE', value: input.spec.config?.mergeMode ?? 'merge' },
    { name: 'HERMES_REQUIRED_TOOLS', value: requiredTools(input).join(' ') },
    { name: 'HERMES_INIT_DIRS', value: JSON.stringify(initDirectories(input)) },
  ];
  const mounts: VolumeMount[] = [
    { name: VOLUME_DATA, mountPath: HERMES_HOME },
    { name: VOLUME_CONFIG, mountPath: CONFIG_MOUNT, readOnly: true },
  ];
  if (input.spec.security?.caBundle) {
    env.push({ name: 'HERMES_CA_EXTRA', value: CA_SOURCE_FILE });
    env.push({ name: 'HERMES_CA_OUT', value: `${CA_WRITE_MOUNT}/ca-certificates.crt` });
    mounts.push({ name: VOLUME_CA_SOURCE, mountPath: CA_SOURCE_MOUNT, readOnly: true });
    mounts.push({ name: VOLUME_CA, mountPath: CA_WRITE_MOUNT });
  }
  return helper(input, 'config-init', ['python3', `${CONFIG_MOUNT}/config_init.py`], env, mounts);
}

function workspaceInit(input: BuildInput): Container | undefined {
  if (!workspaceSeeded(input)) return undefined;
  const mounts: VolumeMount[] = [
    { name: VOLUME_DATA, mountPath: HERMES_HOME },
    { name: VOLUME_CONFIG, mountPath: CONFIG_MOUNT, readOnly: true },
    { name: VOLUME_WORKSPACE, mountPath: WORKSPACE_MOUNT, readOnly: true },
  ];
  (input.spec.workspace?.configMapRefs ?? []).forEach((_, i) => {
    mounts.push({
      name: `${VOLUME_WORKSPACE_REF}-${i}`,
      mountPath: `${WORKSPACE_REFS_MOUNT}/${i}`,
      readOnly: true,
    });
  });
  return helper(
    input,
    'workspace-init',
    ['python3', `${CONFIG_MOUNT}/workspace_init.py`],
    [{ name: 'HERMES_HOME', value: HERMES_HOME }],
    mounts,
  );
}

export function workspaceSeeded(input: BuildInput): boolean {
  const ws = input.spec.workspace;
  return Boolean(ws && (ws.files?.length || ws.directories?.length || ws.configMapRefs?.length));
}

/** An operator helper on the agent image (its python3 has PyYAML), as the hermes user. */
function helper(
  input: BuildInput,
  name: string,
  command: string[],
  env: EnvVar[],
  mounts: VolumeMount[],
): Container {
  return container({
    name,
    image: input.agentImage,
    imagePullPolicy: input.agentPullPolicy,
    command,
    env,
    resources: initResources(),
    securityContext: restrictedContext(),
    volumeMounts: [...mounts, { name: tmpVolume(name), mountPath: '/tmp' }],
  });
}

export function initContainers(input: BuildInput): Container[] {
  const out: Container[] = [configInit(input)];
  const ws = workspaceInit(input);
  if (ws) out.push(ws);
  const rt = runtimeInitContainer(input);
  if (rt) out.push(rt);
  for (const c of (input.spec.initContainers ?? []) as Json[]) out.push(normalizeContainer(c));
  return out;
}
