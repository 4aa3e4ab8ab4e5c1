import { stringify } from 'yaml';
import type { AdminCredentials } from './types.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

export const contextName = 'agent-operators';

/** An admin kubeconfig with embedded credentials. */
export function renderKubeconfig(server: string, admin: AdminCredentials): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: contextName, cluster: { server, 'certificate-authority-data': b64(admin.caCert) } }],
    users: [
      {
        name: 'admin',
        user: { 'client-certificate-data': b64(admin.clientCert), 'client-key-data': b64(admin.clientKey) },
      },
    ],
    contexts: [{ name: contextName, context: { cluster: contextName, user: 'admin', namespace: 'default' } }],
    'current-context': contextName,
  });
}
