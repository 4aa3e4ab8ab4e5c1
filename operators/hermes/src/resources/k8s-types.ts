// The slices of the Kubernetes object model the builders produce. Plain JSON shapes (no client
// library classes), so a built object is exactly what goes over the wire and what reads back.
import type { KubeObject, ObjectMeta } from '@agent-operators/runtime/client';

export type { KubeObject, ObjectMeta };

/** A JSON object whose fields the operator passes through as given (user-supplied core/v1 parts). */
export type Json = Record<string, unknown>;

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Json;
}

export interface EnvFromSource {
  prefix?: string;
  secretRef?: { name: string; optional?: boolean };
  configMapRef?: { name: string; optional?: boolean };
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol: 'TCP' | 'UDP' | 'SCTP';
}

export interface VolumeMount {
  name: string;
  mountPath: string;
  subPath?: string;
  readOnly?: boolean;
  [field: string]: unknown;
}

export interface Probe {
  httpGet?: { path?: string; port: number | string; scheme: string; [field: string]: unknown };
  tcpSocket?: Json;
  exec?: { command: string[] };
  grpc?: Json;
  initialDelaySeconds?: number;
  timeoutSeconds: number;
  periodSeconds: number;
  successThreshold: number;
  failureThreshold: number;
}

export interface ResourceRequirements {
  requests?: Record<string, string>;
  limits?: Record<string, string>;
}

/** The Container fields the operator sets itself. */
export interface ContainerFields {
  name: string;
  image: string;
  imagePullPolicy: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  resources: ResourceRequirements;
  volumeMounts?: VolumeMount[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  securityContext?: Json;
  terminationMessagePath: string;
  terminationMessagePolicy: string;
}

/** A core/v1 Container; fields beyond ContainerFields pass through (user containers). */
export interface Container extends ContainerFields {
  [field: string]: unknown;
}

export interface Volume {
  name: string;
  [source: string]: unknown;
}

export interface PodSpec {
  [field: string]: unknown;
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
}

export interface PodTemplateSpec {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: PodSpec;
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
