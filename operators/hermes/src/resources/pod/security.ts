// Security contexts. The agent image runs s6-overlay as PID 1, which needs root at start to set
// up /run and then drops every service to the hermes user (UID 10000): the baseline keeps only
// the CHOWN, SETUID and SETGID capabilities, a read-only root filesystem (S6_READ_ONLY_ROOT=1 with
// writable emptyDirs at /run and /tmp) and no privilege escalation. It is not compatible with the
// `restricted` Pod Security level; security.runAsNonRoot starts the gateway directly as UID 10000
// without s6 supervision instead. Both are merged under the user's overrides.
import type { Json } from '../k8s-types.ts';

export const HERMES_UID = 10000;

/** Deep merge of security context objects; `over` wins, lists are replaced. */
export function mergeContext(base: Json, over: Json | undefined): Json {
  if (!over) return base;
  const out: Json = { ...base };
  for (const k of Object.keys(over)) {
    const v = over[k];
    const b = out[k];
    out[k] =
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      typeof b === 'object' &&
      b &&
      !Array.isArray(b)
        ? mergeContext(b as Json, v as Json)
        : v;
  }
  return out;
}

export function podSecurityContext(override: Json | undefined): Json {
  return mergeContext(
    {
      fsGroup: HERMES_UID,
      fsGroupChangePolicy: 'OnRootMismatch',
      seccompProfile: { type: 'RuntimeDefault' },
    },
    override,
  );
}

export function agentSecurityContext(runAsNonRoot: boolean, override: Json | undefined): Json {
  const base: Json = runAsNonRoot
    ? {
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        privileged: false,
        readOnlyRootFilesystem: true,
        runAsGroup: HERMES_UID,
        runAsNonRoot: true,
        runAsUser: HERMES_UID,
      }
    : {
        allowPrivilegeEscalation: false,
        capabilities: { add: ['CHOWN', 'SETUID', 'SETGID'], drop: ['ALL'] },
        privileged: false,
        readOnlyRootFilesystem: true,
        runAsGroup: 0,
        runAsNonRoot: false,
        runAsUser: 0,
      };
  return mergeContext(base, override);
}

/** Helper containers running as the hermes user: nothing beyond writing the data volume. */
export function restrictedContext(uid = HERMES_UID): Json {
  return {
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
    privileged: false,
    readOnlyRootFilesystem: true,
    runAsGroup: uid,
    runAsNonRoot: true,
    runAsUser: uid,
  };
}

/** Third-party sidecars that start as their image's user (root in most): no capabilities. */
export function sidecarContext(): Json {
  return {
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
    privileged: false,
    readOnlyRootFilesystem: true,
  };
}
