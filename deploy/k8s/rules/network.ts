/**
 * Network isolation: every pod is selected by policies for both directions (nothing is open by default); a
 * service admits only pods of its namespace, the gateway among them; the gateway is not open to all and can
 * reach every service.
 */
import type { ServiceName } from '@labline/contracts';
import { MISSING, problem, type Problem } from '../problems';
import { selects, type Workload } from '../workloads';
import { deploymentOf, GATEWAY, type Manifests } from './coverage';
import { networkPolicySchema, ofKind, peerSelectsPod, policyTypes, type NetworkPolicy } from './objects';

const ANYWHERE = new Set(['0.0.0.0/0', '::/0']);

const policiesFor = (policies: readonly NetworkPolicy[], labels: Record<string, string>) =>
  policies.filter((policy) => selects(policy.spec.podSelector, labels));

function checkIsolation(workload: Workload, policies: readonly NetworkPolicy[]): Problem[] {
  const applying = policiesFor(policies, workload.podLabels);
  return ['Ingress', 'Egress']
    .filter((type) => !applying.some((policy) => policyTypes(policy).includes(type)))
    .map((type) => problem(workload.id, 'network', `no NetworkPolicy isolates its pods for ${type}`));
}

function checkServiceIngress(service: Workload, gateway: Workload | undefined, policies: readonly NetworkPolicy[]) {
  const problems: Problem[] = [];
  let fromGateway = false;
  for (const policy of policiesFor(policies, service.podLabels)) {
    for (const rule of policy.spec.ingress ?? []) {
      const peers = rule.from ?? [];
      if (peers.length === 0) problems.push(problem(service.id, 'network', 'an ingress rule admits every source'));
      for (const peer of peers) {
        if (peer.namespaceSelector !== undefined || peer.ipBlock !== undefined || peer.podSelector === undefined) {
          problems.push(problem(service.id, 'network', 'an ingress rule admits sources outside its namespace'));
        }
        if (gateway && peerSelectsPod(peer, gateway.podLabels)) fromGateway = true;
      }
    }
  }
  if (gateway && !fromGateway) problems.push(problem(service.id, 'network', 'the gateway is not admitted'));
  return problems;
}

function checkGatewayIngress(gateway: Workload, policies: readonly NetworkPolicy[]): Problem[] {
  const problems: Problem[] = [];
  for (const policy of policiesFor(policies, gateway.podLabels)) {
    for (const rule of policy.spec.ingress ?? []) {
      const peers = rule.from ?? [];
      if (peers.length === 0 || peers.some((peer) => ANYWHERE.has(peer.ipBlock?.cidr ?? ''))) {
        problems.push(
          problem(gateway.id, 'network', 'an ingress rule admits every source, not the ingress controller'),
        );
      }
    }
  }
  return problems;
}

function gatewayReaches(gateway: Workload, service: Workload, policies: readonly NetworkPolicy[]): boolean {
  const ports = new Set<string | number>(
    service.spec.containers.flatMap((container) =>
      (container.ports ?? []).flatMap((port) => [port.containerPort, ...(port.name ? [port.name] : [])]),
    ),
  );
  return policiesFor(policies, gateway.podLabels).some((policy) =>
    (policy.spec.egress ?? []).some(
      (rule) =>
        ((rule.to ?? []).length === 0 || (rule.to ?? []).some((peer) => peerSelectsPod(peer, service.podLabels))) &&
        ((rule.ports ?? []).length === 0 ||
          (rule.ports ?? []).some((port) => port.port !== undefined && ports.has(port.port))),
    ),
  );
}

export function checkNetwork(manifests: Manifests, services: readonly ServiceName[]): Problem[] {
  const policies = ofKind(manifests.objects, 'NetworkPolicy', networkPolicySchema).map(({ data }) => data);
  const gateway = deploymentOf(manifests, GATEWAY);
  const problems = manifests.workloads.flatMap((workload) => checkIsolation(workload, policies));
  if (gateway) problems.push(...checkGatewayIngress(gateway, policies));
  for (const name of services) {
    const service = deploymentOf(manifests, name);
    if (!service) continue; // coverage reports it
    problems.push(...checkServiceIngress(service, gateway, policies));
    if (gateway && !gatewayReaches(gateway, service, policies)) {
      problems.push(problem(MISSING, 'network', `the gateway's NetworkPolicy does not let it reach ${name}`));
    }
  }
  return problems;
}
