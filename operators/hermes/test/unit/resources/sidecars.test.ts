// Companion sidecars of the agent pod: Ollama, web terminal, Tailscale, signal-cli.
import { describe, expect, it } from 'vitest';
import { agentPod, build, containerOf, envOf, find, instance } from './fixtures.ts';

const pod = (s: Parameters<typeof instance>[0]) => agentPod(build(instance(s)));

describe('companion sidecars', () => {
  it('runs Ollama on loopback, pulls the models, requests GPUs and keeps models on a claim', () => {
    const objs = build(
      instance({
        ollama: {
          enabled: true,
          models: ['llama3.2:3b', 'qwen3:4b'],
          gpu: { count: 1 },
          storage: { size: '30Gi' },
        },
      }),
    );
    const c = containerOf(agentPod(objs), 'ollama');
    expect(c.image).toBe('docker.io/ollama/ollama');
    expect(envOf(c)).toMatchObject({
      OLLAMA_HOST: '127.0.0.1:11434',
      OLLAMA_PULL_MODELS: 'llama3.2:3b\nqwen3:4b',
    });
    expect(c.resources).toEqual({ limits: { 'nvidia.com/gpu': '1' }, requests: { 'nvidia.com/gpu': '1' } });
    expect(agentPod(objs).volumes).toContainEqual({
      name: 'hermes-ollama',
      persistentVolumeClaim: { claimName: 'h-ollama' },
    });
    expect(find(objs, 'PersistentVolumeClaim', 'h-ollama')?.['spec']).toMatchObject({
      resources: { requests: { storage: '30Gi' } },
    });
    expect(envOf(containerOf(agentPod(objs), 'hermes'))['OLLAMA_HOST']).toBe('http://127.0.0.1:11434');
  });

  it('keeps Ollama models in an emptyDir without storage', () => {
    expect(pod({ ollama: { enabled: true } }).volumes).toContainEqual({
      name: 'hermes-ollama',
      emptyDir: {},
    });
  });

  it('runs the web terminal as the hermes user with basic auth from its Secret, writable unless readOnly', () => {
    const c = containerOf(
      pod({ webTerminal: { enabled: true, credentialsSecretRef: { name: 'term' } } }),
      'web-terminal',
    );
    expect(c.args).toEqual([
      'ttyd',
      '--port',
      '7681',
      '--credential',
      '$(TTYD_USERNAME):$(TTYD_PASSWORD)',
      '--writable',
      'sh',
    ]);
    expect(envOf(c)['TTYD_PASSWORD']).toEqual({ secretKeyRef: { name: 'term', key: 'password' } });
    expect(c.ports).toEqual([{ name: 'terminal', containerPort: 7681, protocol: 'TCP' }]);
    expect(c.securityContext).toMatchObject({ runAsUser: 10000 });
    const ro = containerOf(
      pod({ webTerminal: { enabled: true, readOnly: true, credentialsSecretRef: { name: 'term' } } }),
      'web-terminal',
    );
    expect(ro.args).not.toContain('--writable');
  });

  it('runs Tailscale in userspace serving the API, state on the data volume, funnel when asked', () => {
    const objs = build(
      instance({
        tailscale: { enabled: true, mode: 'funnel', authKeySecretRef: { name: 'ts' }, tags: ['tag:a'] },
      }),
    );
    const c = containerOf(agentPod(objs), 'tailscale');
    expect(envOf(c)).toMatchObject({
      TS_AUTHKEY: { secretKeyRef: { name: 'ts', key: 'TS_AUTHKEY' } },
      TS_HOSTNAME: 'h',
      TS_USERSPACE: 'true',
      TS_SERVE_CONFIG: '/hermes-operator/config/tailscale-serve.json',
      TS_EXTRA_ARGS: '--advertise-tags=tag:a',
    });
    expect(c.volumeMounts).toContainEqual({
      name: 'hermes-data',
      mountPath: '/var/lib/tailscale',
      subPath: '.tailscale',
    });
    const serve = JSON.parse(
      (find(objs, 'ConfigMap', 'h-config')?.['data'] as Record<string, string>)['tailscale-serve.json']!,
    ) as Record<string, unknown>;
    expect(serve).toMatchObject({
      Web: { '${TS_CERT_DOMAIN}:443': { Handlers: { '/': { Proxy: 'http://127.0.0.1:8642' } } } },
      AllowFunnel: { '${TS_CERT_DOMAIN}:443': true },
    });
  });

  it('runs a signal-cli daemon on loopback with its registration on the data volume', () => {
    const p = pod({
      gateways: { signal: { enabled: true, account: '+4915112345678', sidecar: { image: {} } } },
    });
    const c = containerOf(p, 'signal-cli');
    expect(c.image).toBe('registry.gitlab.com/packaging/signal-cli/signal-cli-native');
    expect(c.args).toEqual([
      '--config',
      '/opt/data/.signal-cli',
      '-a',
      '+4915112345678',
      'daemon',
      '--http',
      '127.0.0.1:8080',
    ]);
    expect(envOf(containerOf(p, 'hermes'))['SIGNAL_HTTP_URL']).toBe('http://127.0.0.1:8080');
    expect(envOf(containerOf(p, 'config-init'))['HERMES_INIT_DIRS']).toBe('[".config",".signal-cli"]');
  });

  it('gives each helper container a private /tmp emptyDir', () => {
    const p = pod({
      ollama: { enabled: true },
      tailscale: { enabled: true, authKeySecretRef: { name: 'ts' } },
    });
    for (const name of ['config-init', 'ollama', 'tailscale']) {
      expect(p.volumes).toContainEqual({ name: `hermes-tmp-${name}`, emptyDir: {} });
      expect(containerOf(p, name).volumeMounts).toContainEqual({
        name: `hermes-tmp-${name}`,
        mountPath: '/tmp',
      });
    }
  });
});
