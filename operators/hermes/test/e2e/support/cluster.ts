// One operator process per e2e test file, as it runs in production: with the shipped RBAC, leader
// election, admission webhooks called by the API server, and restricted to the file's namespace.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { HttpKubeClient } from '@agent-operators/runtime/client';
import { OPERATOR_NAMESPACE } from '../../../src/controllers/codegen.ts';
import { adminClient, installCrds } from '../../integration/controllers/harness.ts';
import { createNamespace, uniqueName } from '@agent-operators/testing';
import { freePort, startOperatorProcess } from './operator-process.ts';
import type { OperatorProcess } from './operator-process.ts';
import { installRbac, serviceAccountKubeconfig } from './rbac.ts';
import { installWebhooks, removeWebhooks } from './webhooks.ts';

export interface E2eEnv {
  client: HttpKubeClient;
  ns: string;
  dir: string;
  logFile: string;
  operatorKubeconfig: string;
  webhookName: string;
  /** Flags of the operator process (restarts reuse them). */
  args: string[];
  start(): Promise<OperatorProcess>;
  teardown(op?: OperatorProcess): Promise<void>;
}

export async function e2eEnv(prefix: string, extraArgs: string[] = []): Promise<E2eEnv> {
  const client = await adminClient();
  await installCrds(client);
  await installRbac(client);
  const ns = await createNamespace(client, prefix);
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const operatorKubeconfig = await serviceAccountKubeconfig(
    client,
    inject('kubeconfigPath'),
    join(dir, 'operator.kubeconfig'),
  );
  const webhookName = uniqueName(prefix);
  const webhookPort = await freePort();
  await installWebhooks(client, { name: webhookName, port: webhookPort, namespace: ns });
  const args = [
    `--namespaces=${ns}`,
    `--operator-namespace=${OPERATOR_NAMESPACE}`,
    '--leader-elect=true',
    `--leader-election-id=${webhookName}`,
    `--webhook-port=${webhookPort}`,
    '--webhook-host=127.0.0.1',
    `--webhook-configuration-name=${webhookName}`,
    `--webhook-secret-name=${webhookName}-ca`,
    '--kube-api-qps=100',
    '--kube-api-burst=200',
    ...extraArgs,
  ];
  const logFile = join(dir, 'operator.log');
  const env: E2eEnv = {
    client,
    ns,
    dir,
    logFile,
    operatorKubeconfig,
    webhookName,
    args,
    async start() {
      const op = await startOperatorProcess({ kubeconfigPath: operatorKubeconfig, logFile, args });
      try {
        await op.waitReady();
      } catch (err) {
        await op.stop('SIGKILL');
        throw err;
      }
      return op;
    },
    async teardown(op?: OperatorProcess) {
      await op?.stop('SIGTERM');
      await removeWebhooks(client, webhookName);
      await client.delete({ apiVersion: 'v1', kind: 'Namespace', name: ns }).catch(() => undefined);
      client.close();
    },
  };
  return env;
}
