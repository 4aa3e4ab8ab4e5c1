// Properties of the whole desired set: apply order, ownership, labels, purity, and the explicit
// server defaults on every pod part (what makes a steady-state reconcile write nothing).
import { describe, expect, it } from 'vitest';
import { buildAll } from '../../../src/resources/index.ts';
import type { Container, Json, KubeObject, PodSpec } from '../../../src/resources/k8s-types.ts';
import { CONTEXT, UID, build, podSpec } from './fixtures.ts';
import { example } from './examples.ts';

const minimal = () => build(example('minimal.yaml'));
const maximal = () => build(example('maximal.yaml'));

function deepFreeze<T>(o: T): T {
  if (typeof o === 'object' && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function pods(objs: KubeObject[]): PodSpec[] {
  return objs.filter((o) => o.kind === 'StatefulSet' || o.kind === 'Deployment').map(podSpec);
}

function containers(objs: KubeObject[]): Container[] {
  return pods(objs).flatMap((p) => [...(p.initContainers ?? []), ...p.containers]);
}

describe('buildAll', () => {
  it('returns the openclaw apply order: identity, policy, credentials, config, storage, companions, agent, exposure', () => {
    expect(minimal().map((o) => o.kind)).toEqual([
      'ServiceAccount',
      'Role',
      'RoleBinding',
      'NetworkPolicy',
      'Secret',
      'ConfigMap',
      'PersistentVolumeClaim',
      'StatefulSet',
      'Service',
    ]);
    expect(maximal().map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'ServiceAccount/hermes-max',
      'Role/hermes-max',
      'RoleBinding/hermes-max',
      'NetworkPolicy/hermes-max',
      'NetworkPolicy/hermes-max-honcho',
      'Secret/hermes-max-honcho-credentials',
      'ConfigMap/hermes-max-config',
      'ConfigMap/hermes-max-workspace',
      'ConfigMap/hermes-max-honcho-postgres-init',
      'PersistentVolumeClaim/hermes-max-honcho-postgres',
      'Service/hermes-max-honcho-postgres',
      'StatefulSet/hermes-max-honcho-postgres',
      'Service/hermes-max-honcho-redis',
      'Deployment/hermes-max-honcho-redis',
      'Service/hermes-max-honcho',
      'Deployment/hermes-max-honcho',
      'Deployment/hermes-max-honcho-deriver',
      'PodDisruptionBudget/hermes-max',
      'HorizontalPodAutoscaler/hermes-max',
      'StatefulSet/hermes-max',
      'Service/hermes-max',
      'Ingress/hermes-max',
      'ServiceMonitor/hermes-max',
      'PrometheusRule/hermes-max',
    ]);
  });

  it('puts a controller owner reference to the instance and the standard labels on every child', () => {
    for (const o of [...minimal(), ...maximal()]) {
      expect(o.metadata.namespace).toBe('agents');
      expect(o.metadata.ownerReferences).toEqual([
        {
          apiVersion: 'hermes.agent/v1',
          kind: 'HermesInstance',
          name: o.metadata.labels?.['hermes.agent/instance'],
          uid: UID,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
      expect(o.metadata.labels).toMatchObject({
        'app.kubernetes.io/name': 'hermes-agent',
        'app.kubernetes.io/managed-by': 'hermes-operator',
        'app.kubernetes.io/instance': o.metadata.labels?.['hermes.agent/instance'],
      });
      expect(o.metadata.labels?.['app.kubernetes.io/component']).toBeTruthy();
    }
  });

  it('leaves owner references out when the instance has no uid (a file given to render)', () => {
    const inst = example('minimal.yaml');
    delete inst.metadata?.uid;
    for (const o of build(inst)) expect(o.metadata.ownerReferences).toBeUndefined();
  });

  it('is pure: it changes no input and gives equal output for equal input', () => {
    const inst = deepFreeze(example('maximal.yaml'));
    const context = deepFreeze({ ...CONTEXT });
    const a = buildAll(inst, undefined, context);
    expect(buildAll(inst, undefined, context)).toEqual(a);
  });

  it('gives the same objects for an instance before and after schema defaulting (builder fallbacks = schema defaults)', () => {
    for (const file of ['minimal.yaml', 'maximal.yaml'] as const) {
      expect(build(example(file, true))).toEqual(build(example(file)));
    }
  });

  it('sets the pod-level server defaults explicitly on every workload', () => {
    for (const pod of pods(maximal())) {
      expect(pod).toMatchObject({
        restartPolicy: 'Always',
        dnsPolicy: 'ClusterFirst',
        schedulerName: 'default-scheduler',
        enableServiceLinks: false,
      });
      expect(pod['terminationGracePeriodSeconds']).toBeTypeOf('number');
      expect(pod['securityContext']).toBeTypeOf('object');
    }
  });

  it('sets imagePullPolicy, termination message fields and resources on every container', () => {
    for (const c of containers(maximal())) {
      expect(['Always', 'IfNotPresent', 'Never'], c.name).toContain(c.imagePullPolicy);
      expect(c.terminationMessagePath, c.name).toBe('/dev/termination-log');
      expect(c.terminationMessagePolicy, c.name).toBe('File');
      expect(c.resources, c.name).toBeTypeOf('object');
    }
  });

  it('sets every timing of every probe and TCP on every port', () => {
    for (const c of containers(maximal())) {
      for (const p of [c.livenessProbe, c.readinessProbe, c.startupProbe]) {
        if (!p) continue;
        expect(p.timeoutSeconds, c.name).toBeGreaterThan(0);
        expect(p.periodSeconds, c.name).toBeGreaterThan(0);
        expect(p.successThreshold, c.name).toBe(1);
        expect(p.failureThreshold, c.name).toBeGreaterThan(0);
        if (p.httpGet) expect(p.httpGet.scheme).toBe('HTTP');
      }
      for (const port of c.ports ?? []) expect(port.protocol).toBe('TCP');
    }
    for (const svc of maximal().filter((o) => o.kind === 'Service')) {
      for (const port of (svc['spec'] as { ports: Json[] }).ports) {
        expect(port['protocol']).toBe('TCP');
        expect(port['targetPort']).toBeDefined();
      }
    }
  });

  it('sets defaultMode on every configMap, secret and projected volume', () => {
    for (const pod of pods(maximal())) {
      for (const v of pod.volumes ?? []) {
        for (const source of ['configMap', 'secret', 'projected']) {
          if (v[source]) expect((v[source] as Json)['defaultMode'], v.name).toBe(420);
        }
      }
    }
  });

  it('names every child within the DNS label limit, also for a 52-character instance name', () => {
    const inst = example('maximal.yaml');
    inst.metadata = { ...inst.metadata, name: 'a'.repeat(52) };
    const objs = build(inst);
    for (const o of objs)
      expect(o.metadata.name!.length, `${o.kind} ${o.metadata.name}`).toBeLessThanOrEqual(63);
    for (const o of objs.filter((x) => x.kind === 'StatefulSet'))
      expect(o.metadata.name!.length).toBeLessThanOrEqual(52);
    expect(new Set(objs.map((o) => `${o.kind}/${o.metadata.name}`)).size).toBe(objs.length);
  });
});
