// The agent StatefulSet, one feature per test.
import { describe, expect, it } from 'vitest';
import { buildStatefulSet } from '../../../src/resources/index.ts';
import type { Json, KubeObject } from '../../../src/resources/k8s-types.ts';
import { CONTEXT, agentPod, build, containerOf, envOf, get, instance, spec } from './fixtures.ts';

const sts = (s: Parameters<typeof instance>[0], ctx = CONTEXT, status?: Parameters<typeof instance>[1]) =>
  buildStatefulSet(instance(s, status), undefined, ctx);
const pod = (s: Parameters<typeof instance>[0], ctx = CONTEXT) => agentPod(build(instance(s), ctx));
const agent = (s: Parameters<typeof instance>[0], ctx = CONTEXT) => containerOf(pod(s, ctx), 'hermes');
const annotations = (o: KubeObject) =>
  (spec(o)['template'] as { metadata: { annotations: Record<string, string> } }).metadata.annotations;
const volume = (s: Parameters<typeof instance>[0], name: string) =>
  pod(s).volumes?.find((v) => v.name === name);

describe('agent StatefulSet', () => {
  it('sets the StatefulSet server defaults explicitly', () => {
    expect(spec(sts({}))).toMatchObject({
      replicas: 1,
      serviceName: 'h',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
  });

  it('passes only args gateway run and never overrides the image command (s6-overlay stays PID 1)', () => {
    const c = agent({});
    expect(c.args).toEqual(['gateway', 'run']);
    expect(c.command).toBeUndefined();
    expect(pod({})['shareProcessNamespace']).toBe(false);
  });

  it('runs read-only root with writable /run and /tmp emptyDirs and S6_READ_ONLY_ROOT=1', () => {
    const c = agent({});
    expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true });
    expect(c.volumeMounts).toEqual(
      expect.arrayContaining([
        { name: 'hermes-run', mountPath: '/run' },
        { name: 'hermes-tmp', mountPath: '/tmp' },
      ]),
    );
    expect(volume({}, 'hermes-run')).toEqual({ name: 'hermes-run', emptyDir: { medium: 'Memory' } });
    expect(volume({}, 'hermes-tmp')).toEqual({ name: 'hermes-tmp', emptyDir: {} });
    expect(envOf(c)['S6_READ_ONLY_ROOT']).toBe('1');
  });

  it('starts as root with only CHOWN, SETUID and SETGID by default', () => {
    expect(agent({}).securityContext).toEqual({
      allowPrivilegeEscalation: false,
      capabilities: { add: ['CHOWN', 'SETUID', 'SETGID'], drop: ['ALL'] },
      privileged: false,
      readOnlyRootFilesystem: true,
      runAsGroup: 0,
      runAsNonRoot: false,
      runAsUser: 0,
    });
    expect(pod({})['securityContext']).toEqual({
      fsGroup: 10000,
      fsGroupChangePolicy: 'OnRootMismatch',
      seccompProfile: { type: 'RuntimeDefault' },
    });
  });

  it('runs as UID 10000 without s6 supervision with security.runAsNonRoot', () => {
    const c = agent({ security: { runAsNonRoot: true } });
    expect(c.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10000,
      capabilities: { drop: ['ALL'] },
    });
    expect(envOf(c)['HERMES_GATEWAY_NO_SUPERVISE']).toBe('1');
  });

  it('merges security context overrides over the baseline', () => {
    const c = agent({
      security: {
        containerSecurityContext: { capabilities: { add: ['CHOWN', 'SETUID', 'SETGID', 'KILL'] } },
      },
    });
    expect(c.securityContext).toMatchObject({
      capabilities: { add: ['CHOWN', 'SETUID', 'SETGID', 'KILL'], drop: ['ALL'] },
      readOnlyRootFilesystem: true,
    });
    expect(pod({ security: { podSecurityContext: { fsGroup: 2000 } } })['securityContext']).toMatchObject({
      fsGroup: 2000,
    });
  });

  it('mounts the data claim at HERMES_HOME=/opt/data', () => {
    expect(volume({}, 'hermes-data')).toEqual({
      name: 'hermes-data',
      persistentVolumeClaim: { claimName: 'h-data' },
    });
    expect(agent({}).volumeMounts).toContainEqual({ name: 'hermes-data', mountPath: '/opt/data' });
    expect(envOf(agent({}))['HERMES_HOME']).toBe('/opt/data');
  });

  it('uses an emptyDir without storage and the existing claim with storage.existingClaim', () => {
    expect(volume({ storage: { enabled: false } }, 'hermes-data')).toEqual({
      name: 'hermes-data',
      emptyDir: {},
    });
    expect(volume({ storage: { existingClaim: 'mine' } }, 'hermes-data')).toEqual({
      name: 'hermes-data',
      persistentVolumeClaim: { claimName: 'mine' },
    });
  });

  it('gives every replica its own claims with an HPA', () => {
    const s = spec(sts({ availability: { hpa: { enabled: true } }, storage: { size: '5Gi' } }));
    expect(s['volumeClaimTemplates']).toMatchObject([
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'hermes-data' },
        spec: {
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '5Gi' } },
          volumeMode: 'Filesystem',
        },
      },
    ]);
    const volumes = (s['template'] as { spec: { volumes: Json[] } }).spec.volumes;
    expect(volumes.find((v) => v['name'] === 'hermes-data')).toBeUndefined();
  });

  it('keeps ~/.config on the data volume: HOME of the hermes user is /opt/data, XDG_CONFIG_HOME points there', () => {
    expect(envOf(agent({}))['XDG_CONFIG_HOME']).toBe('/opt/data/.config');
    expect(envOf(containerOf(pod({}), 'config-init'))['HERMES_INIT_DIRS']).toBe('[".config"]');
  });

  it('seeds config.yaml with config-init mounting the whole data volume, honouring mergeMode', () => {
    const init = containerOf(pod({ config: { raw: { model: {} }, mergeMode: 'overwrite' } }), 'config-init');
    expect(init.command).toEqual(['python3', '/hermes-operator/config/config_init.py']);
    expect(init.volumeMounts).toContainEqual({ name: 'hermes-data', mountPath: '/opt/data' });
    expect(init.volumeMounts?.find((m) => m.name === 'hermes-data')?.subPath).toBeUndefined();
    expect(envOf(init)['HERMES_CONFIG_MERGE_MODE']).toBe('overwrite');
    expect(init.securityContext).toMatchObject({ runAsUser: 10000, runAsNonRoot: true });
  });

  it('projects config.configMapRef as config.yaml next to the operator ConfigMap', () => {
    expect(
      volume({ config: { configMapRef: { name: 'mine', key: 'hermes.yaml' } } }, 'hermes-config'),
    ).toEqual({
      name: 'hermes-config',
      projected: {
        defaultMode: 420,
        sources: [
          { configMap: { name: 'h-config' } },
          { configMap: { name: 'mine', items: [{ key: 'hermes.yaml', path: 'config.yaml' }] } },
        ],
      },
    });
  });

  it('checks ffmpeg and ripgrep unless disabled', () => {
    expect(envOf(containerOf(pod({}), 'config-init'))['HERMES_REQUIRED_TOOLS']).toBe('ffmpeg rg');
    const off = pod({ runtime: { ffmpeg: { enabled: false }, ripgrep: { enabled: false } } });
    expect(envOf(containerOf(off, 'config-init'))['HERMES_REQUIRED_TOOLS']).toBe('');
  });

  it('installs runtime.pipPackages with runtime-init on the uv image of the agent Python and puts them on PYTHONPATH', () => {
    const p = pod({
      image: { tag: '0.20.4' },
      runtime: { pipPackages: ['honcho-ai>=1.0'], uv: { version: '0.9.2' } },
    });
    const rt = containerOf(p, 'runtime-init');
    expect(rt.image).toBe('ghcr.io/astral-sh/uv:0.9.2-python3.13-bookworm-slim');
    expect(envOf(rt)['RUNTIME_REQUIREMENTS']).toBe('honcho-ai>=1.0');
    expect(envOf(containerOf(p, 'hermes'))['PYTHONPATH']).toBe('/opt/data/.runtime/python3.13');
    expect(pod({}).initContainers?.map((c) => c.name)).toEqual(['config-init']);
  });

  it('derives the agent Python from the image tag (0.21+: 3.14) unless runtime.python.version is set', () => {
    const img = (s: Parameters<typeof instance>[0]) =>
      containerOf(pod({ ...s, runtime: { ...(s['runtime'] as object), pipPackages: ['x'] } }), 'runtime-init')
        .image;
    expect(img({ image: { tag: '0.21.3' } })).toBe('ghcr.io/astral-sh/uv:python3.14-bookworm-slim');
    expect(img({ image: { tag: 'stable' } })).toBe('ghcr.io/astral-sh/uv:python3.14-bookworm-slim');
    expect(img({ runtime: { python: { version: '3.12' } } })).toBe(
      'ghcr.io/astral-sh/uv:python3.12-bookworm-slim',
    );
  });

  it('wires gateway tokens from their Secrets under the hermes-agent env names', () => {
    const env = envOf(
      agent({
        gateways: {
          telegram: { enabled: true, botTokenSecretRef: { name: 'tg' }, allowedUsers: ['1', '2'] },
          discord: { enabled: true, botTokenSecretRef: { name: 'dc', key: 'token' } },
          slack: { enabled: true, botTokenSecretRef: { name: 'sl' }, appTokenSecretRef: { name: 'sl' } },
          whatsapp: { enabled: true, mode: 'bridge' },
          signal: { enabled: true, account: '+4915112345678', httpUrl: 'http://signal:8080' },
        },
      }),
    );
    expect(env).toMatchObject({
      TELEGRAM_BOT_TOKEN: { secretKeyRef: { name: 'tg', key: 'TELEGRAM_BOT_TOKEN' } },
      TELEGRAM_ALLOWED_USERS: '1,2',
      DISCORD_BOT_TOKEN: { secretKeyRef: { name: 'dc', key: 'token' } },
      SLACK_BOT_TOKEN: { secretKeyRef: { name: 'sl', key: 'SLACK_BOT_TOKEN' } },
      SLACK_APP_TOKEN: { secretKeyRef: { name: 'sl', key: 'SLACK_APP_TOKEN' } },
      WHATSAPP_ENABLED: 'true',
      WHATSAPP_MODE: 'bridge',
      SIGNAL_HTTP_URL: 'http://signal:8080',
      SIGNAL_ACCOUNT: '+4915112345678',
    });
  });

  it('leaves disabled gateways out', () => {
    const env = envOf(
      agent({ gateways: { telegram: { enabled: false, botTokenSecretRef: { name: 'tg' } } } }),
    );
    expect(env['TELEGRAM_BOT_TOKEN']).toBeUndefined();
  });

  it('enables the API server on 0.0.0.0 with the generated key and probes GET /health', () => {
    const c = agent({});
    expect(envOf(c)).toMatchObject({
      API_SERVER_ENABLED: 'true',
      API_SERVER_HOST: '0.0.0.0',
      API_SERVER_PORT: '8642',
      API_SERVER_KEY: { secretKeyRef: { name: 'h-api-key', key: 'API_SERVER_KEY' } },
    });
    expect(c.ports).toEqual([{ name: 'api', containerPort: 8642, protocol: 'TCP' }]);
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'api', scheme: 'HTTP' });
    expect(c.readinessProbe?.periodSeconds).toBe(10);
    expect(c.startupProbe?.failureThreshold).toBe(60);
  });

  it('uses networking.apiServer.keySecretRef when given', () => {
    const env = envOf(agent({ networking: { apiServer: { keySecretRef: { name: 'k', key: 'KEY' } } } }));
    expect(env['API_SERVER_KEY']).toEqual({ secretKeyRef: { name: 'k', key: 'KEY' } });
  });

  it('has no built-in probes without the API server, but keeps a probe with its own handler', () => {
    const c = agent({
      networking: { apiServer: { enabled: false } },
      probes: { liveness: { handler: { exec: { command: ['true'] } } } },
    });
    expect(c.readinessProbe).toBeUndefined();
    expect(c.startupProbe).toBeUndefined();
    expect(c.livenessProbe).toEqual({
      exec: { command: ['true'] },
      timeoutSeconds: 5,
      periodSeconds: 30,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(envOf(c)['API_SERVER_ENABLED']).toBeUndefined();
  });

  it('applies probe overrides and disables a probe', () => {
    const c = agent({
      probes: { readiness: { periodSeconds: 3, initialDelaySeconds: 7 }, startup: { enabled: false } },
    });
    expect(c.readinessProbe).toMatchObject({ periodSeconds: 3, initialDelaySeconds: 7, timeoutSeconds: 5 });
    expect(c.startupProbe).toBeUndefined();
  });

  it('gives the gateway more than its ~60 s drain to stop', () => {
    expect(pod({})['terminationGracePeriodSeconds']).toBeGreaterThan(60);
  });

  it('rolls the pods when the config changes (config hash) and when referenced secrets change (secret hash)', () => {
    const a = annotations(sts({ config: { raw: { model: { provider: 'a' } } } }));
    const b = annotations(sts({ config: { raw: { model: { provider: 'b' } } } }));
    expect(a['hermes.agent/config-hash']).toMatch(/^[0-9a-f]{32}$/);
    expect(a['hermes.agent/config-hash']).not.toBe(b['hermes.agent/config-hash']);
    expect(a['hermes.agent/secret-hash']).toBeUndefined();
    const withDigest = annotations(sts({}, { ...CONTEXT, secretDigest: 'abc' }));
    expect(withDigest['hermes.agent/secret-hash']).toBe('abc');
    const refDigest = (d: string) =>
      annotations(sts({}, { ...CONTEXT, configRefDigest: d }))['hermes.agent/config-hash'];
    expect(refDigest('1')).not.toBe(refDigest('2'));
  });

  it('runs no pod when suspended', () => {
    expect(spec(sts({ suspended: true }))['replicas']).toBe(0);
    expect(spec(sts({ suspended: true, availability: { hpa: { enabled: true } } }))['replicas']).toBe(0);
  });

  it('leaves the replica count to the HPA within its bounds', () => {
    const hpa = { availability: { hpa: { enabled: true, minReplicas: 2, maxReplicas: 4 } } };
    expect(spec(sts(hpa))['replicas']).toBe(2);
    expect(spec(sts(hpa, { ...CONTEXT, observedReplicas: 3 }))['replicas']).toBe(3);
    expect(spec(sts(hpa, { ...CONTEXT, observedReplicas: 0 }))['replicas']).toBe(2);
    expect(spec(sts(hpa, { ...CONTEXT, observedReplicas: 9 }))['replicas']).toBe(4);
  });

  it('uses the image in effect from the context, else auto-update status, else spec.image', () => {
    const s = { image: { repository: 'r/h', tag: '1.0.0' }, autoUpdate: { enabled: true } };
    expect(agent(s).image).toBe('r/h:1.0.0');
    const fromStatus = buildStatefulSet(
      instance(s, { autoUpdate: { currentVersion: '1.1.0' } }),
      undefined,
      CONTEXT,
    );
    expect(
      (spec(fromStatus)['template'] as { spec: { containers: { image: string }[] } }).spec.containers[0]
        ?.image,
    ).toBe('r/h:1.1.0');
    expect(agent(s, { ...CONTEXT, agentImage: 'r/h:2.0.0' }).image).toBe('r/h:2.0.0');
    expect(agent({ image: { repository: 'r/h', digest: `sha256:${'a'.repeat(64)}` } }).image).toBe(
      `r/h@sha256:${'a'.repeat(64)}`,
    );
  });

  it('falls back to 250m/512Mi requests and a 2Gi limit only when no resources are set', () => {
    expect(agent({}).resources).toEqual({
      requests: { cpu: '250m', memory: '512Mi' },
      limits: { memory: '2Gi' },
    });
    expect(agent({ resources: { requests: { cpu: 1 } } }).resources).toEqual({ requests: { cpu: '1' } });
  });

  it('places the pod with nodeSelector, tolerations, affinity, priority, runtime class and spread', () => {
    const p = pod({
      scheduling: {
        nodeSelector: { a: 'b' },
        tolerations: [{ key: 'k', operator: 'Exists' }],
        affinity: { nodeAffinity: {} },
        priorityClassName: 'high',
        runtimeClassName: 'gvisor',
      },
      availability: {
        topologySpreadConstraints: [{ topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }],
      },
    });
    expect(p).toMatchObject({
      nodeSelector: { a: 'b' },
      tolerations: [{ key: 'k', operator: 'Exists' }],
      affinity: { nodeAffinity: {} },
      priorityClassName: 'high',
      runtimeClassName: 'gvisor',
      topologySpreadConstraints: [
        {
          topologyKey: 'zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: {
            matchLabels: { 'app.kubernetes.io/component': 'agent', 'app.kubernetes.io/instance': 'h' },
          },
        },
      ],
    });
  });

  it('adds extra init containers after its own and sidecars after the companions, with server defaults', () => {
    const p = pod({
      initContainers: [{ name: 'pre', image: 'busybox' }],
      sidecars: [{ name: 'side', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }],
    });
    expect(p.initContainers?.map((c) => c.name)).toEqual(['config-init', 'pre']);
    expect(containerOf(p, 'pre')).toMatchObject({
      imagePullPolicy: 'Always',
      terminationMessagePolicy: 'File',
    });
    expect(containerOf(p, 'side')).toMatchObject({
      imagePullPolicy: 'IfNotPresent',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
      resources: {},
    });
  });

  it('adds extra volumes (with defaultMode), mounts, envFrom and env; user env wins by name', () => {
    const p = pod({
      extraVolumes: [{ name: 'x', secret: { secretName: 's' } }],
      extraVolumeMounts: [{ name: 'x', mountPath: '/x' }],
      envFrom: [{ secretRef: { name: 'keys' } }],
      env: [
        { name: 'HERMES_LOG_LEVEL', value: 'DEBUG' },
        { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      ],
    });
    const c = containerOf(p, 'hermes');
    expect(p.volumes).toContainEqual({ name: 'x', secret: { secretName: 's', defaultMode: 420 } });
    expect(c.volumeMounts).toContainEqual({ name: 'x', mountPath: '/x' });
    expect(c.envFrom).toEqual([{ secretRef: { name: 'keys' } }]);
    const names = (c.env ?? []).map((e) => e.name);
    expect(names.filter((n) => n === 'HERMES_LOG_LEVEL')).toHaveLength(1);
    expect(envOf(c)['HERMES_LOG_LEVEL']).toBe('DEBUG');
    expect(names.at(-1)).toBe('POD');
    expect(envOf(c)['POD']).toEqual({ fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } });
  });

  it('mounts the CA bundle through config-init and points SSL_CERT_FILE at the combined bundle', () => {
    const p = pod({ security: { caBundle: { name: 'ca' } } });
    expect(p.volumes).toContainEqual({
      name: 'hermes-ca-source',
      configMap: { name: 'ca', items: [{ key: 'ca-bundle.crt', path: 'ca-bundle.crt' }], defaultMode: 420 },
    });
    expect(envOf(containerOf(p, 'hermes'))).toMatchObject({
      SSL_CERT_FILE: '/etc/hermes-operator/ca/ca-certificates.crt',
      REQUESTS_CA_BUNDLE: '/etc/hermes-operator/ca/ca-certificates.crt',
    });
    expect(envOf(containerOf(p, 'config-init'))['HERMES_CA_EXTRA']).toBe(
      '/hermes-operator/ca-source/ca-bundle.crt',
    );
  });

  it('uses the instance pull secrets, else the cluster registry pull secret', () => {
    expect(pod({ image: { pullSecrets: [{ name: 'a' }] } })['imagePullSecrets']).toEqual([{ name: 'a' }]);
    const withDefaults = agentPod(
      build(instance({}), CONTEXT, { spec: { registry: { pullSecretName: 'r' } } }),
    );
    expect(withDefaults['imagePullSecrets']).toEqual([{ name: 'r' }]);
  });

  it('runs the service account of the instance, with the token only when asked', () => {
    expect(pod({})).toMatchObject({
      serviceAccountName: 'h',
      serviceAccount: 'h',
      automountServiceAccountToken: false,
    });
    expect(pod({ security: { serviceAccount: { create: false } } })['serviceAccountName']).toBe('default');
    expect(
      pod({ security: { serviceAccount: { automountToken: true } } })['automountServiceAccountToken'],
    ).toBe(true);
  });

  it('sets HONCHO_BASE_URL to the in-cluster Honcho and memory.provider honcho in the config', () => {
    const objs = build(
      instance({
        profileStore: { enabled: true, selfHosted: { image: { repository: 'honcho' } } },
        config: { raw: { model: {} } },
      }),
    );
    expect(envOf(containerOf(agentPod(objs), 'hermes'))['HONCHO_BASE_URL']).toBe(
      'http://h-honcho.agents.svc:8000',
    );
    expect((get(objs, 'ConfigMap', 'h-config')['data'] as Record<string, string>)['operator.yaml']).toBe(
      'memory:\n  provider: honcho\n',
    );
  });

  it('uses an external Honcho by URL or hosted key', () => {
    const env = envOf(
      agent({
        profileStore: {
          enabled: true,
          external: { url: 'https://honcho.example', apiKeySecretRef: { name: 'hk' } },
        },
      }),
    );
    expect(env['HONCHO_BASE_URL']).toBe('https://honcho.example');
    expect(env['HONCHO_API_KEY']).toEqual({ secretKeyRef: { name: 'hk', key: 'HONCHO_API_KEY' } });
  });
});
