export { startControlPlane } from './control-plane.ts';
export { ensureBinaries, binDir } from './binaries.ts';
export { kwokNodeNames } from './kwok.ts';
export type { ControlPlane, StartOptions, Tier, AdminCredentials } from './types.ts';
export { kubectl, type Kubectl } from './kubectl.ts';
export { uniqueName, createNamespace, deleteNamespace, eventually } from './helpers.ts';
export type { NamespaceClient, EventuallyOptions } from './helpers.ts';
export { freePort } from './ports.ts';
