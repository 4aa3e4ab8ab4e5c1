// Sub-schemas shared by the hermes.agent/v1 kinds: references, quantities, env, containers,
// conditions. Every object is closed (unknown fields are reported by the validation helper) and
// every field carries a description, because `kubectl explain` reads them.
import { Type } from 'typebox';
import type { TObjectOptions, TProperties, TSchema } from 'typebox';
import { cel, preserveUnknown, quantity, withK8s } from '@agent-operators/runtime/crd';

/** A closed object with a description (required: kubectl explain shows it). */
export function obj<P extends TProperties>(description: string, properties: P, options: TObjectOptions = {}) {
  return Type.Object(properties, { ...options, description, additionalProperties: false });
}

/** A string enum (`Type.Enum` keeps the literal union as the static type). */
export function oneOf<const V extends string[]>(
  values: [...V],
  options: { description: string; default?: V[number] },
) {
  return Type.Enum(values, options);
}

/** A bounded list; lists need maxItems so CEL rules over them stay within the cost budget. */
export function list<T extends TSchema>(
  items: T,
  description: string,
  maxItems: number,
  options: object = {},
) {
  return Type.Array(items, { description, maxItems, ...options });
}

/** A set of strings (server-side apply merges members individually). */
export function stringSet(description: string, maxItems: number, itemOptions: object = {}) {
  return withK8s(Type.Array(Type.String({ maxLength: 253, ...itemOptions }), { description, maxItems }), {
    listType: 'set',
  });
}

/** A list keyed by `keys` for server-side apply (`x-kubernetes-list-type: map`). */
export function mapList<T extends TSchema>(items: T, keys: string[], description: string, maxItems: number) {
  return withK8s(Type.Array(items, { description, maxItems }), { listType: 'map', listMapKeys: keys });
}

export function stringMap(description: string, maxProperties = 64) {
  return Type.Record(Type.String(), Type.String(), { description, maxProperties });
}

/** RFC 1123 DNS subdomain, the name rule of most Kubernetes objects. */
export const DNS_SUBDOMAIN = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';
/** RFC 1123 DNS label (Service names, container names). */
export const DNS_LABEL = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$';
/** Go duration as Kubernetes APIs accept it, e.g. `30s`, `5m`, `1h30m`. */
export const DURATION = '^([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$';

export function objectName(description: string) {
  return Type.String({ description, minLength: 1, maxLength: 253, pattern: DNS_SUBDOMAIN });
}

export function duration(description: string, def?: string) {
  return Type.String({ description, pattern: DURATION, maxLength: 32, ...(def ? { default: def } : {}) });
}

export function cron(description: string) {
  return Type.String({
    description: `${description} Standard 5-field cron syntax (minute hour day-of-month month day-of-week), or a macro such as @daily.`,
    minLength: 1,
    maxLength: 128,
  });
}

export function qty(description: string) {
  return quantity({ description });
}

export const LocalObjectReference = obj('A reference to an object in the same namespace.', {
  name: objectName('Name of the referenced object.'),
});

/** A key reference; `key` may be omitted (and is then defaulted) when a default key is given. */
function keyRef(what: string, description: string, defaultKey?: string) {
  const key = Type.String({
    description: `Key within the ${what}.${defaultKey ? ` Defaults to ${defaultKey}.` : ''}`,
    minLength: 1,
    maxLength: 253,
    ...(defaultKey ? { default: defaultKey } : {}),
  });
  return obj(description, {
    name: objectName(`Name of the ${what} in the instance namespace.`),
    key: defaultKey ? Type.Optional(key) : key,
  });
}

export function secretKeyRef(description: string, defaultKey?: string) {
  return keyRef('Secret', description, defaultKey);
}

export function configMapKeyRef(description: string, defaultKey?: string) {
  return keyRef('ConfigMap', description, defaultKey);
}

export const ImagePullPolicy = oneOf(['Always', 'IfNotPresent', 'Never'], {
  // No schema default: the API server would apply it before the defaulting webhook, and
  // HermesClusterDefaults could then never set it. The builders fall back to IfNotPresent.
  description:
    'When the kubelet pulls the image. Unset: HermesClusterDefaults, then IfNotPresent. The operator ' +
    'always sets it explicitly on every container.',
});

/** An image for a companion container (sidecars, Honcho, Ollama ...). */
export function imageRef(description: string, defaults: { repository?: string; tag?: string } = {}) {
  return obj(description, {
    repository: Type.Optional(
      Type.String({
        description: `Image repository, without tag or digest.${defaults.repository ? ` Defaults to ${defaults.repository}.` : ''}`,
        minLength: 1,
        maxLength: 512,
        ...(defaults.repository ? { default: defaults.repository } : {}),
      }),
    ),
    tag: Type.Optional(
      Type.String({
        description: `Image tag.${defaults.tag ? ` Defaults to ${defaults.tag}.` : ''}`,
        maxLength: 128,
        pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*$',
        ...(defaults.tag ? { default: defaults.tag } : {}),
      }),
    ),
    digest: Type.Optional(
      Type.String({
        description: 'Image digest (sha256:...). Wins over tag when set.',
        pattern: '^sha256:[a-f0-9]{64}$',
      }),
    ),
    pullPolicy: Type.Optional(ImagePullPolicy),
  });
}

export const ResourceRequirements = obj('Compute resources (core/v1 ResourceRequirements without claims).', {
  requests: Type.Optional(
    Type.Record(Type.String(), qty('A quantity, e.g. 500m or 1Gi.'), {
      description: 'Minimum resources the scheduler reserves, e.g. cpu: 500m, memory: 1Gi.',
      maxProperties: 16,
    }),
  ),
  limits: Type.Optional(
    Type.Record(Type.String(), qty('A quantity, e.g. 2 or 4Gi.'), {
      description: 'Maximum resources the container may use.',
      maxProperties: 16,
    }),
  ),
});

const envVarValueFrom = preserveUnknown({
  description:
    'Source of the value (core/v1 EnvVarSource: secretKeyRef, configMapKeyRef, fieldRef, resourceFieldRef). Kept as given.',
});

export const EnvVar = withK8s(
  obj('An environment variable (core/v1 EnvVar).', {
    name: Type.String({
      description: 'Variable name.',
      minLength: 1,
      maxLength: 256,
      pattern: '^[-._a-zA-Z][-._a-zA-Z0-9]*$',
    }),
    value: Type.Optional(
      Type.String({ description: 'Literal value. Mutually exclusive with valueFrom.', maxLength: 32768 }),
    ),
    valueFrom: Type.Optional(envVarValueFrom),
  }),
  {
    validations: [
      cel('!(has(self.value) && has(self.valueFrom))', 'value and valueFrom are mutually exclusive'),
    ],
  },
);

export function envList(description: string) {
  return mapList(EnvVar, ['name'], description, 256);
}

export const EnvFromSource = withK8s(
  obj('A source of environment variables (core/v1 EnvFromSource).', {
    prefix: Type.Optional(Type.String({ description: 'Prefix added to every key.', maxLength: 128 })),
    secretRef: Type.Optional(
      obj('Every key of this Secret becomes a variable.', {
        name: objectName('Secret name.'),
        optional: Type.Optional(Type.Boolean({ description: 'Start even when the Secret is missing.' })),
      }),
    ),
    configMapRef: Type.Optional(
      obj('Every key of this ConfigMap becomes a variable.', {
        name: objectName('ConfigMap name.'),
        optional: Type.Optional(Type.Boolean({ description: 'Start even when the ConfigMap is missing.' })),
      }),
    ),
  }),
  {
    validations: [
      cel('has(self.secretRef) != has(self.configMapRef)', 'set exactly one of secretRef or configMapRef'),
    ],
  },
);

/** Containers embedded by reference: `name` is typed (it keys the list); the rest is core/v1. */
export function containerList(description: string, reserved: string[]) {
  const item = withK8s(
    Type.Object(
      {
        name: Type.String({
          description: 'Container name (DNS label), unique in the pod.',
          maxLength: 63,
          pattern: DNS_LABEL,
        }),
      },
      { description: 'A core/v1 Container. Fields other than name are passed to the pod as given.' },
    ),
    { preserveUnknownFields: true },
  );
  const names = reserved.map((n) => `'${n}'`).join(', ');
  return withK8s(mapList(item, ['name'], description, 32), {
    validations: [
      cel(`self.all(c, !(c.name in [${names}]))`, `container names ${names} are reserved by the operator`),
    ],
  });
}

export const Condition = obj('A status condition (metav1.Condition).', {
  type: Type.String({
    description: 'Condition type in CamelCase, e.g. Ready.',
    maxLength: 316,
    pattern:
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
  }),
  status: oneOf(['True', 'False', 'Unknown'], { description: 'Status of the condition.' }),
  observedGeneration: Type.Optional(
    Type.Integer({
      description: 'The .metadata.generation the condition was set from.',
      minimum: 0,
      format: 'int64',
    }),
  ),
  lastTransitionTime: Type.String({ description: 'When the status last changed.', format: 'date-time' }),
  reason: Type.String({
    description: 'Machine-readable reason in CamelCase (see docs/conditions.md).',
    minLength: 1,
    maxLength: 1024,
    pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
  }),
  message: Type.String({ description: 'Human-readable details.', maxLength: 32768 }),
});

export function conditions(description: string) {
  return mapList(Condition, ['type'], description, 32);
}

export const ObservedGeneration = Type.Integer({
  description: 'The .metadata.generation this status reflects.',
  minimum: 0,
  format: 'int64',
});

/**
 * Root metadata. A CRD may only restrict name and generateName, and the node itself must carry
 * nothing but its type, hence no description here.
 */
export function metadataSchema(name: { maxLength: number; pattern: string; description: string }) {
  return Type.Object({ name: Type.Optional(Type.String(name)) });
}
