export type Tier = 'api' | 'cluster';

export interface StartOptions {
  tier: Tier;
  /** Print component logs to stderr as they arrive (debugging). */
  verbose?: boolean;
  /** Keep data and certificates here instead of a fresh temp dir (used by `make cluster-up`). */
  workDir?: string;
  /** Extra kube-apiserver flags, e.g. `['--etcd-compaction-interval=0']`. */
  apiServerArgs?: string[];
}

export interface AdminCredentials {
  /** PEM strings. */
  caCert: string;
  clientCert: string;
  clientKey: string;
}

export interface ControlPlane {
  readonly tier: Tier;
  /** https://127.0.0.1:<port> */
  readonly server: string;
  /** Path of a kubeconfig file for the admin user (context `agent-operators`). */
  readonly kubeconfigPath: string;
  /** The same kubeconfig as YAML text. */
  readonly kubeconfig: string;
  readonly admin: AdminCredentials;
  /** http://127.0.0.1:<port> of etcd (its JSON gRPC gateway answers at /v3/...). */
  readonly etcdUrl: string;
  /** Directory holding kubectl, etcd, kube-apiserver, ... */
  readonly binDir: string;
  /** Stops and starts kube-apiserver on the same port and etcd data (watch-resume tests). */
  restartApiServer(): Promise<void>;
  /** Compacts etcd at its current revision so older resourceVersions answer 410 Gone. */
  compact(): Promise<void>;
  /** Ends only the processes this control plane started and removes its temp dirs. */
  stop(): Promise<void>;
}
