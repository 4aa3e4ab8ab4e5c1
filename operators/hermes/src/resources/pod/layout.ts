// Paths and volume names inside the agent pod. Operator volumes are prefixed hermes- so they do
// not collide with spec.extraVolumes.
export const HERMES_HOME = '/opt/data';
/** Tools resolve ~/.config under $HOME, which the image sets to $HERMES_HOME for the hermes user. */
export const XDG_CONFIG_HOME = `${HERMES_HOME}/.config`;
export const RUNTIME_DIR = `${HERMES_HOME}/.runtime`;
export const SIGNAL_CLI_DIR = `${HERMES_HOME}/.signal-cli`;
export const TAILSCALE_STATE_SUBPATH = '.tailscale';

export const VOLUME_DATA = 'hermes-data';
export const VOLUME_RUN = 'hermes-run';
export const VOLUME_TMP = 'hermes-tmp';
export const VOLUME_CONFIG = 'hermes-config';
export const VOLUME_WORKSPACE = 'hermes-workspace';
export const VOLUME_WORKSPACE_REF = 'hermes-workspace-ref';
export const VOLUME_CA_SOURCE = 'hermes-ca-source';
export const VOLUME_CA = 'hermes-ca';
export const VOLUME_OLLAMA = 'hermes-ollama';
/** A private /tmp for each helper container. */
export const tmpVolume = (container: string) => `hermes-tmp-${container}`;

export const CA_SOURCE_MOUNT = '/hermes-operator/ca-source';
export const CA_SOURCE_FILE = `${CA_SOURCE_MOUNT}/ca-bundle.crt`;
export const CA_MOUNT = '/etc/hermes-operator/ca';
export const CA_BUNDLE_FILE = `${CA_MOUNT}/ca-certificates.crt`;
/** Where config-init writes the combined bundle (the same emptyDir, writable there). */
export const CA_WRITE_MOUNT = '/hermes-operator/ca';

export const OLLAMA_PORT = 11434;
export const SIGNAL_DEFAULT_PORT = 8080;
export const HONCHO_PORT = 8000;
