/** Only the gateway is exposed: no Service opens a node port or a load balancer, every Ingress leads to it. */
import { objectId, type K8sObject } from '../manifests';
import { problem, type Problem } from '../problems';
import { GATEWAY } from './coverage';
import { ingressBackends, ingressSchema, ofKind, serviceSchema } from './objects';

const EXPOSING_TYPES = new Set(['NodePort', 'LoadBalancer']);

export function checkExposure(objects: readonly K8sObject[]): Problem[] {
  const problems: Problem[] = [];
  for (const { object, data } of ofKind(objects, 'Service', serviceSchema)) {
    const type = data.spec.type ?? 'ClusterIP';
    if (EXPOSING_TYPES.has(type)) {
      problems.push(
        problem(objectId(object), 'exposure', `type ${type}: only the gateway is exposed, via the Ingress`),
      );
    }
    if ((data.spec.externalIPs ?? []).length > 0) {
      problems.push(problem(objectId(object), 'exposure', 'externalIPs: only the gateway is exposed, via the Ingress'));
    }
  }
  for (const { object, data } of ofKind(objects, 'Ingress', ingressSchema)) {
    for (const backend of ingressBackends(data).filter((name) => name !== GATEWAY)) {
      problems.push(problem(objectId(object), 'exposure', `routes to Service ${backend}: only the gateway is exposed`));
    }
  }
  return problems;
}
