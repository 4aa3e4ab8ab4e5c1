// The instance's spec.selfConfigure policy applied to one request. The checks the admission
// webhook makes (allowed actions, protected keys, reserved files, skill sources) come from the
// same function (webhooks/self-config-policy.ts), so admission and the controller never disagree;
// the controller re-checks because the policy may have changed since the request was admitted.
// On top it checks what only the controller knows how to apply (profile snapshots, config source,
// sizes). Pure.
import type { HermesInstanceSpec } from '../../api/v1/hermes-instance.ts';
import type { HermesSelfConfigSpec } from '../../api/v1/hermes-self-config.ts';
import { checkSelfConfig } from '../../webhooks/self-config-policy.ts';
import type { SELFCONFIG_CONDITIONS } from '../conditions.ts';
import { MAX_WORKSPACE_FILE_BYTES, profileSnapshotPath, requestedActions } from './actions.ts';

export type DenyReason = Exclude<keyof (typeof SELFCONFIG_CONDITIONS)['Denied']['reasons'], 'Allowed'>;

export type PolicyDecision = { allowed: true } | { allowed: false; reason: DenyReason; message: string };

const deny = (reason: DenyReason, message: string): PolicyDecision => ({ allowed: false, reason, message });

export function checkPolicy(
  request: HermesSelfConfigSpec,
  instance: HermesInstanceSpec,
  instanceName: string,
): PolicyDecision {
  const policy = instance.selfConfigure;
  if (!policy?.enabled) {
    return deny(
      'SelfConfigureDisabled',
      `spec.selfConfigure.enabled is not true on HermesInstance ${instanceName}`,
    );
  }
  const denials = checkSelfConfig(request, policy, instanceName);
  if (denials.length > 0) {
    const allowed = new Set<string>(policy.allowedActions ?? []);
    const sources = policy.allowedSkillSources ?? [];
    const reason: DenyReason = requestedActions(request).some((a) => !allowed.has(a))
      ? 'ActionNotAllowed'
      : sources.length > 0 &&
          (request.addSkills ?? []).some((s) => !sources.some((p) => s.source.startsWith(p)))
        ? 'SkillSourceNotAllowed'
        : 'ProtectedKey';
    return deny(reason, denials.join('; '));
  }
  if (request.patchConfig !== undefined && instance.config?.configMapRef) {
    return deny(
      'ConfigFromConfigMap',
      'patchConfig needs spec.config.raw; the instance reads config.yaml from config.configMapRef',
    );
  }
  const snapshot = request.addProfileSnapshot;
  if (snapshot) {
    if (!instance.profileStore?.enabled) {
      return deny(
        'ProfileStoreDisabled',
        'addProfileSnapshot needs spec.profileStore.enabled on the instance',
      );
    }
    // The snapshot becomes a workspace file: the file protections apply to its path.
    const path = profileSnapshotPath(snapshot.profileID);
    const fileDenials = checkSelfConfig(
      { instanceRef: instanceName, addWorkspaceFiles: [{ path, content: '' }] },
      { ...policy, allowedActions: ['workspaceFiles'] },
      instanceName,
    );
    if (fileDenials.length > 0) return deny('ProtectedKey', fileDenials.join('; '));
    if (snapshot.data.length > MAX_WORKSPACE_FILE_BYTES) {
      return deny(
        'TooLarge',
        `addProfileSnapshot.data has ${snapshot.data.length} characters; a workspace file holds at most ${MAX_WORKSPACE_FILE_BYTES}`,
      );
    }
  }
  return { allowed: true };
}
