// Vitest global setup: one control plane per test run, shared by every test file of the tier.
// Test files read `inject('kubeconfigPath')`; files that must restart the API server start their own.
import type { TestProject } from 'vitest/node';
import { startControlPlane } from './control-plane.ts';
import type { ControlPlane, Tier } from './types.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    controlPlaneTier: Tier;
    kubeconfigPath: string;
    server: string;
    binDir: string;
  }
}

let cp: ControlPlane | undefined;

export async function setup(project: TestProject): Promise<void> {
  const tier = project.config.provide?.controlPlaneTier ?? 'api';
  cp = await startControlPlane({ tier });
  project.provide('kubeconfigPath', cp.kubeconfigPath);
  project.provide('server', cp.server);
  project.provide('binDir', cp.binDir);
}

export async function teardown(): Promise<void> {
  await cp?.stop();
}
