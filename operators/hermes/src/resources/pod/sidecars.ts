// Companion sidecars of the agent pod (Ollama, web terminal, Tailscale, signal-cli), then
// spec.sidecars. Each gets no capabilities, a read-only root filesystem and a private /tmp;
// those that touch the data volume run as the hermes user so files keep one owner.
import { companionImage } from '../image.ts';
import type { BuildInput } from '../input.ts';
import type { Container, EnvVar, Json, ResourceRequirements } from '../k8s-types.ts';
import { DEFAULT_TERMINAL_PORT } from '../ports.ts';
import { resourceRequirements } from '../quantity.ts';
import { CONFIG_MOUNT } from '../scripts.ts';
import { container, normalizeContainer } from './defaults.ts';
import {
  HERMES_HOME,
  OLLAMA_PORT,
  SIGNAL_CLI_DIR,
  SIGNAL_DEFAULT_PORT,
  TAILSCALE_STATE_SUBPATH,
  VOLUME_CONFIG,
  VOLUME_DATA,
  VOLUME_OLLAMA,
  tmpVolume,
} from './layout.ts';
import { restrictedContext, sidecarContext } from './security.ts';

export const SIGNAL_CLI_DEFAULT_REPOSITORY = 'registry.gitlab.com/packaging/signal-cli/signal-cli-native';

function ollama(input: BuildInput): Container | undefined {
  const o = input.spec.ollama;
  if (!o?.enabled) return undefined;
  const { image, pullPolicy } = companionImage(o.image, { repository: 'docker.io/ollama/ollama' });
  const resources: ResourceRequirements = resourceRequirements(o.resources);
  if (o.gpu) {
    const gpu = o.gpu.resourceName ?? 'nvidia.com/gpu';
    // The maps are resourceRequirements' fresh copies: add to them in place.
    (resources.limits ??= {})[gpu] = String(o.gpu.count);
    (resources.requests ??= {})[gpu] = String(o.gpu.count);
  }
  return container({
    name: 'ollama',
    image,
    imagePullPolicy: pullPolicy,
    command: ['sh', `${CONFIG_MOUNT}/ollama_start.sh`],
    env: [
      { name: 'OLLAMA_HOST', value: `127.0.0.1:${OLLAMA_PORT}` },
      { name: 'OLLAMA_PULL_MODELS', value: (o.models ?? []).join('\n') },
      { name: 'HOME', value: '/root' },
    ],
    resources,
    securityContext: sidecarContext(),
    volumeMounts: [
      { name: VOLUME_OLLAMA, mountPath: '/root/.ollama' },
      { name: VOLUME_CONFIG, mountPath: CONFIG_MOUNT, readOnly: true },
      { name: tmpVolume('ollama'), mountPath: '/tmp' },
    ],
  });
}

function webTerminal(input: BuildInput): Container | undefined {
  const t = input.spec.webTerminal;
  if (!t?.enabled || !t.credentialsSecretRef) return undefined;
  const { image, pullPolicy } = companionImage(t.image, { repository: 'docker.io/tsl0922/ttyd' });
  const port = t.port ?? DEFAULT_TERMINAL_PORT;
  const secret = t.credentialsSecretRef.name;
  // The image's entrypoint (tini) stays; ttyd expands nothing itself, Kubernetes expands $(VAR).
  const args = ['ttyd', '--port', String(port), '--credential', '$(TTYD_USERNAME):$(TTYD_PASSWORD)'];
  if (!(t.readOnly ?? false)) args.push('--writable');
  args.push('sh');
  return container({
    name: 'web-terminal',
    image,
    imagePullPolicy: pullPolicy,
    args,
    workingDir: HERMES_HOME,
    env: [
      { name: 'TTYD_USERNAME', valueFrom: { secretKeyRef: { name: secret, key: 'username' } } },
      { name: 'TTYD_PASSWORD', valueFrom: { secretKeyRef: { name: secret, key: 'password' } } },
      { name: 'HOME', value: HERMES_HOME },
    ],
    ports: [{ name: 'terminal', containerPort: port, protocol: 'TCP' }],
    resources: resourceRequirements(t.resources),
    securityContext: restrictedContext(),
    volumeMounts: [
      { name: VOLUME_DATA, mountPath: HERMES_HOME },
      { name: tmpVolume('web-terminal'), mountPath: '/tmp' },
    ],
  });
}

function tailscale(input: BuildInput): Container | undefined {
  const ts = input.spec.tailscale;
  if (!ts?.enabled || !ts.authKeySecretRef) return undefined;
  const { image, pullPolicy } = companionImage(ts.image, { repository: 'docker.io/tailscale/tailscale' });
  const env: EnvVar[] = [
    {
      name: 'TS_AUTHKEY',
      valueFrom: {
        secretKeyRef: { name: ts.authKeySecretRef.name, key: ts.authKeySecretRef.key ?? 'TS_AUTHKEY' },
      },
    },
    { name: 'TS_HOSTNAME', value: ts.hostname ?? input.name },
    { name: 'TS_USERSPACE', value: 'true' },
    { name: 'TS_STATE_DIR', value: '/var/lib/tailscale' },
    // State on the data volume, not in a Kubernetes Secret (the agent's account may not read Secrets).
    { name: 'TS_KUBE_SECRET', value: '' },
    { name: 'TS_SOCKET', value: '/tmp/tailscaled.sock' },
    { name: 'TS_SERVE_CONFIG', value: `${CONFIG_MOUNT}/tailscale-serve.json` },
  ];
  if (ts.tags?.length) env.push({ name: 'TS_EXTRA_ARGS', value: `--advertise-tags=${ts.tags.join(',')}` });
  return container({
    name: 'tailscale',
    image,
    imagePullPolicy: pullPolicy,
    env,
    securityContext: restrictedContext(),
    volumeMounts: [
      { name: VOLUME_DATA, mountPath: '/var/lib/tailscale', subPath: TAILSCALE_STATE_SUBPATH },
      { name: VOLUME_CONFIG, mountPath: CONFIG_MOUNT, readOnly: true },
      { name: tmpVolume('tailscale'), mountPath: '/tmp' },
    ],
  });
}

function signalCli(input: BuildInput): Container | undefined {
  const sg = input.spec.gateways?.signal;
  if (!sg?.enabled || !sg.sidecar || !sg.account) return undefined;
  const { image, pullPolicy } = companionImage(sg.sidecar.image, {
    repository: SIGNAL_CLI_DEFAULT_REPOSITORY,
  });
  const port = sg.sidecar.port ?? SIGNAL_DEFAULT_PORT;
  return container({
    name: 'signal-cli',
    image,
    imagePullPolicy: pullPolicy,
    args: ['--config', SIGNAL_CLI_DIR, '-a', sg.account, 'daemon', '--http', `127.0.0.1:${port}`],
    securityContext: restrictedContext(),
    volumeMounts: [
      { name: VOLUME_DATA, mountPath: HERMES_HOME },
      { name: tmpVolume('signal-cli'), mountPath: '/tmp' },
    ],
  });
}

export function sidecarContainers(input: BuildInput): Container[] {
  const out = [ollama(input), webTerminal(input), tailscale(input), signalCli(input)].filter(
    (c): c is Container => c !== undefined,
  );
  for (const c of (input.spec.sidecars ?? []) as Json[]) out.push(normalizeContainer(c));
  return out;
}
