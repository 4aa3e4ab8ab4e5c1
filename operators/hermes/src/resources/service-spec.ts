// A Service spec with every field the API server would default set explicitly, so the object
// reads back as built. ipFamilies is left out on purpose: its default depends on the cluster.
import type { Json } from './k8s-types.ts';

export interface ServicePortSpec {
  name: string;
  port: number;
  targetPort: string | number;
}

export function serviceSpec(
  selector: Record<string, string>,
  ports: ServicePortSpec[],
  type: 'ClusterIP' | 'NodePort' | 'LoadBalancer' = 'ClusterIP',
): Json {
  const spec: Json = {
    type,
    selector,
    ports: ports.map((p) => ({ name: p.name, port: p.port, protocol: 'TCP', targetPort: p.targetPort })),
    sessionAffinity: 'None',
    internalTrafficPolicy: 'Cluster',
    ipFamilyPolicy: 'SingleStack',
  };
  if (type !== 'ClusterIP') spec['externalTrafficPolicy'] = 'Cluster';
  if (type === 'LoadBalancer') spec['allocateLoadBalancerNodePorts'] = true;
  return spec;
}
