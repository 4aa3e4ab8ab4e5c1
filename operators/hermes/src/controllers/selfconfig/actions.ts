// The actions a HermesSelfConfig asks for, and where in the HermesInstance each one lands.
import type { HermesSelfConfigSpec } from '../../api/v1/hermes-self-config.ts';

export type SelfConfigAction = 'skills' | 'config' | 'envVars' | 'workspaceFiles' | 'profiles';

export function requestedActions(spec: HermesSelfConfigSpec): SelfConfigAction[] {
  const out: SelfConfigAction[] = [];
  if (spec.addSkills?.length) out.push('skills');
  if (spec.patchConfig !== undefined) out.push('config');
  if (spec.addEnvVars?.length) out.push('envVars');
  if (spec.addWorkspaceFiles?.length) out.push('workspaceFiles');
  if (spec.addProfileSnapshot) out.push('profiles');
  return out;
}

/** Where profile snapshots are kept in $HERMES_HOME (a workspace file per profile). */
export const PROFILE_SNAPSHOT_DIR = 'honcho/profiles';

/** The workspace path of a profile snapshot; IDs are made path-safe (no separators, no `..`). */
export function profileSnapshotPath(profileID: string): string {
  const safe = profileID.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return `${PROFILE_SNAPSHOT_DIR}/${safe}.json`;
}

/** Largest content a workspace file of the instance may hold (HermesInstance spec.workspace.files). */
export const MAX_WORKSPACE_FILE_BYTES = 262144;
