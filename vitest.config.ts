import { defineConfig } from 'vitest/config';

// Three tiers (DESIGN.md, Tests): unit needs nothing; integration gets etcd + kube-apiserver;
// e2e gets the kwok cluster. A tier that cannot start its control plane fails, never skips.
export default defineConfig({
  test: {
    teardownTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{packages,operators}/*/test/unit/**/*.test.ts'],
          // Unit tests are pure: sharing one module graph across files cuts the hermes suite from
          // ~20 s to ~3.5 s on 2 cores (module import dominated). Integration and e2e stay isolated.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{packages,operators}/*/test/integration/**/*.test.ts'],
          globalSetup: ['packages/testing/src/vitest-global-setup.ts'],
          provide: { controlPlaneTier: 'api' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{packages,operators}/*/test/e2e/**/*.test.ts'],
          globalSetup: ['packages/testing/src/vitest-global-setup.ts'],
          provide: { controlPlaneTier: 'cluster' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
