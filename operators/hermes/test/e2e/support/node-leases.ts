// Renews the kube-node-lease Leases of the kwok nodes, as kubelets do. The cluster tier starts kwok
// without --node-lease-duration-seconds, so nothing renews them: about 50 s after start the node
// lifecycle controller marks the nodes NotReady (every pod turns NotReady) and 5 minutes later it
// evicts the pods. Until the testing package renews them itself, tests and benchmarks that need
// stable pods run this stand-in.
import type { KubeClient } from '@agent-operators/runtime/client';
import { microTime } from '@agent-operators/runtime/manager';

export function keepNodeLeases(client: KubeClient, nodes: readonly string[], periodMs = 10_000): () => void {
  const renew = async () => {
    const now = microTime(new Date());
    await Promise.all(
      nodes.map((name) =>
        client
          .apply(
            {
              apiVersion: 'coordination.k8s.io/v1',
              kind: 'Lease',
              metadata: { name, namespace: 'kube-node-lease' },
              spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: now },
            },
            { fieldManager: 'node-lease-stand-in', force: true },
          )
          .catch(() => undefined),
      ),
    );
  };
  void renew();
  const timer = setInterval(() => void renew(), periodMs);
  timer.unref();
  return () => clearInterval(timer);
}
