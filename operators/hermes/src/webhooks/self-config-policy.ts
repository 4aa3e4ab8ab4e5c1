// Checks a HermesSelfConfig request against its instance's spec.selfConfigure policy. Pure: the
// handler fetches the instance; the SelfConfig controller can call this too before applying.
//
// protectedKeys forms (spec.selfConfigure.protectedKeys):
//   model.provider        a config.yaml path in dot notation (an optional `config:` prefix is accepted);
//                         it protects the key and everything under it. A patch touches it when it
//                         sets something at or under it, or replaces/deletes an ancestor (a scalar,
//                         list or null at a prefix of it).
//   env:OPENAI_API_KEY    an environment variable name.
//   file:SOUL.md          a path under $HERMES_HOME; a directory protects everything in it.
// `*` matches any run of characters within one segment (one dot-separated key, one path
// segment, or any part of an env name), e.g. `env:*_API_KEY`, `platforms.*.token`, `file:memories/*`.
import type { HermesInstanceSpec } from '../api/v1/hermes-instance.ts';
import type { HermesSelfConfigSpec } from '../api/v1/hermes-self-config.ts';
import { DENY } from './messages.ts';

type SelfConfigurePolicy = NonNullable<HermesInstanceSpec['selfConfigure']>;
type Action = NonNullable<SelfConfigurePolicy['allowedActions']>[number];

/**
 * Files a workspace write may never target, protected or not: writing them would bypass the
 * config and env policies or replace the agent's credentials.
 */
export const RESERVED_FILES: Readonly<Record<string, string>> = {
  'config.yaml': 'use patchConfig (checked against protectedKeys)',
  '.env': 'use addEnvVars (checked against protectedKeys)',
  'auth.json': 'it holds the agent credentials',
};

const ACTIONS: readonly [keyof HermesSelfConfigSpec, Action][] = [
  ['addSkills', 'skills'],
  ['patchConfig', 'config'],
  ['addEnvVars', 'envVars'],
  ['addWorkspaceFiles', 'workspaceFiles'],
  ['addProfileSnapshot', 'profiles'],
];

/** `*` within one segment; everything else literal. */
function segmentMatches(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const re = pattern
    .split('*')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${re}$`, 's').test(value);
}

/** True when the first `pattern.length` segments of `path` match `pattern`. */
function prefixMatches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length > path.length) return false;
  return pattern.every((p, i) => segmentMatches(p, path[i] ?? ''));
}

/** `./a//b/` -> `a/b` */
export function normalizeFilePath(path: string): string {
  return path
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

interface ParsedKeys {
  config: { raw: string; segments: string[] }[];
  env: string[];
  file: { raw: string; segments: string[] }[];
}

function parseProtectedKeys(keys: readonly string[]): ParsedKeys {
  const out: ParsedKeys = { config: [], env: [], file: [] };
  for (const raw of keys) {
    if (raw.startsWith('env:')) out.env.push(raw.slice(4));
    else if (raw.startsWith('file:')) {
      out.file.push({ raw, segments: normalizeFilePath(raw.slice(5)).split('/').filter(Boolean) });
    } else {
      const path = raw.startsWith('config:') ? raw.slice(7) : raw;
      out.config.push({ raw, segments: path.split('.') });
    }
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every (patch path, protected key) pair where a JSON merge patch touches a protected config path. */
export function protectedConfigHits(
  patch: unknown,
  keys: readonly { raw: string; segments: string[] }[],
): { path: string[]; key: string }[] {
  const hits: { path: string[]; key: string }[] = [];
  const walk = (value: unknown, path: string[]): void => {
    // A patch that is not an object replaces what is there, with everything under it.
    if (!isPlainObject(value)) {
      const hit = keys.find((k) => prefixMatches(k.segments, path) || prefixMatches(path, k.segments));
      if (hit) hits.push({ path, key: hit.raw });
      return;
    }
    const inside = keys.find((k) => path.length > 0 && prefixMatches(k.segments, path));
    if (inside) {
      hits.push({ path, key: inside.raw });
      return;
    }
    for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(patch, []);
  return hits;
}

/**
 * The denials for `request` under `policy` of the instance named `instance`; empty when allowed.
 * The caller checks that the instance exists and that `policy.enabled` is true.
 */
export function checkSelfConfig(
  request: HermesSelfConfigSpec,
  policy: SelfConfigurePolicy,
  instance: string,
): string[] {
  const denials: string[] = [];
  const allowed = policy.allowedActions ?? [];
  for (const [field, action] of ACTIONS) {
    if (request[field] !== undefined && !allowed.includes(action)) {
      denials.push(DENY.actionNotAllowed(`spec.${field}`, action, instance, allowed));
    }
  }
  const keys = parseProtectedKeys(policy.protectedKeys ?? []);

  if (request.patchConfig !== undefined) {
    for (const hit of protectedConfigHits(request.patchConfig, keys.config)) {
      const field = ['spec.patchConfig', ...hit.path].join('.');
      denials.push(DENY.protectedKey(field, hit.key, instance));
    }
  }
  (request.addEnvVars ?? []).forEach((env, i) => {
    const hit = keys.env.find((p) => segmentMatches(p, env.name));
    if (hit !== undefined)
      denials.push(DENY.protectedKey(`spec.addEnvVars[${i}].name`, `env:${hit}`, instance));
  });
  (request.addWorkspaceFiles ?? []).forEach((file, i) => {
    const field = `spec.addWorkspaceFiles[${i}].path`;
    if (file.path.startsWith('/') || file.path.split('/').includes('..')) {
      denials.push(DENY.workspacePathNotRelative(field, file.path));
      return;
    }
    const path = normalizeFilePath(file.path);
    const reserved = RESERVED_FILES[path];
    if (reserved !== undefined) {
      denials.push(DENY.reservedFile(field, file.path, reserved));
      return;
    }
    const hit = keys.file.find((k) => prefixMatches(k.segments, path.split('/')));
    if (hit) denials.push(DENY.protectedKey(field, hit.raw, instance));
  });
  const sources = policy.allowedSkillSources ?? [];
  if (sources.length > 0) {
    (request.addSkills ?? []).forEach((skill, i) => {
      if (!sources.some((prefix) => skill.source.startsWith(prefix))) {
        denials.push(DENY.skillSourceNotAllowed(`spec.addSkills[${i}].source`, skill.source, sources));
      }
    });
  }
  return denials;
}
