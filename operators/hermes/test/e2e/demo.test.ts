// `make demo` end to end against the e2e cluster (USE_CURRENT_CONTEXT=1, DEMO_EXIT=1): CRDs and
// webhooks installed, the operator started as a child process, minimal.yaml Running and shown,
// everything stopped and the webhook configurations removed again.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { uniqueName } from '@agent-operators/testing';
import { adminClient } from '../integration/controllers/harness.ts';

const run = promisify(execFile);
const DEMO = join(import.meta.dirname, '..', '..', '..', '..', 'scripts', 'demo.ts');

describe('make demo', () => {
  it('shows minimal.yaml Running and cleans up after itself', async () => {
    const namespace = uniqueName('hermes-demo');
    const { stdout } = await run(process.execPath, ['--disable-warning=ExperimentalWarning', DEMO], {
      env: {
        ...process.env,
        KUBECONFIG: inject('kubeconfigPath'),
        USE_CURRENT_CONTEXT: '1',
        DEMO_WEBHOOKS: '1',
        DEMO_EXIT: '1',
        DEMO_NAMESPACE: namespace,
      },
      timeout: 240_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout).toContain('registering the admission webhooks');
    expect(stdout).toMatch(/Running after [0-9.]+ s/);
    expect(stdout).toMatch(/hermesinstance\.hermes\.agent\/my-hermes\s+Running\s+True/);
    expect(stdout).toContain('statefulset.apps/my-hermes');
    expect(stdout).toContain('stopping hermes-operator');
    const client = await adminClient();
    try {
      const { items } = await client.list({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
      });
      expect(items.map((i) => i.metadata.name)).not.toContain('hermes-operator-demo-validating');
      await client.delete({ apiVersion: 'v1', kind: 'Namespace', name: namespace }).catch(() => undefined);
    } finally {
      client.close();
    }
  }, 300_000);
});
