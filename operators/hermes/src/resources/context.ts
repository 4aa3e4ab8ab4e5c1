// What a build needs besides the instance and the cluster defaults. Everything that is not a pure
// function of the spec comes in here, so builders stay pure: random values the controller
// generates once at creation, digests of referenced Secrets/ConfigMaps it read, and the image
// in effect (auto-update records it in status; a builder never writes it anywhere itself).
import { randomBytes } from 'node:crypto';

export interface BuildContext {
  /**
   * The full agent image reference in effect, when it differs from spec.image (auto-update).
   * Unset: status.autoUpdate.currentVersion when auto-update is enabled, else spec.image.
   */
  agentImage?: string;
  /** Digest of the referenced Secrets' data (gateway tokens, keys): pod annotation hermes.agent/secret-hash. */
  secretDigest?: string;
  /** Digest of referenced ConfigMaps (config.configMapRef, workspace.configMapRefs, caBundle): part of the config hash. */
  configRefDigest?: string;
  /** API_SERVER_KEY for the generated <name>-api-key Secret (created once, never overwritten). */
  apiKey?: string;
  /** PostgreSQL password for the generated Honcho credentials Secret (created once). */
  honchoPostgresPassword?: string;
  /** spec.replicas of the live StatefulSet: with an HPA the autoscaler owns the count. */
  observedReplicas?: number;
  /** Namespace the operator runs in: its pods may reach the API server port (health details). */
  operatorNamespace?: string;
  /** Namespaces of ingress controllers allowed to reach exposed ports when an Ingress is enabled. */
  ingressControllerNamespaces?: string[];
}

/** Random creation-time values for the create-only Secrets (the controller calls this). */
export function generateCreationSecrets(): Required<Pick<BuildContext, 'apiKey' | 'honchoPostgresPassword'>> {
  return {
    apiKey: randomBytes(32).toString('base64url'),
    honchoPostgresPassword: randomBytes(24).toString('base64url'),
  };
}

/**
 * The context of `hermes-operator render`: no cluster, so the create-only Secrets carry visible
 * placeholders (the controller generates real values once, at creation).
 */
export const RENDER_CONTEXT: BuildContext = {
  apiKey: 'generated-by-the-controller-at-creation',
  honchoPostgresPassword: 'generated-by-the-controller-at-creation',
};

export const DEFAULT_INGRESS_CONTROLLER_NAMESPACES = ['ingress-nginx'];
