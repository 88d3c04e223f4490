/**
 * Every service of DEPLOYED_SERVICES (and the gateway) is deployed whole: its Deployment, a Service that selects
 * its pods on a port they declare, its own NetworkPolicy, PodDisruptionBudget and HorizontalPodAutoscaler
 * (autoscaling/v2), and for a service its migration Job on the same image; the gateway is behind an Ingress and
 * knows every service's URL (`<NAME>_URL`). A service's Service listens on the port of its declaration
 * (SERVICE_DECLARATIONS; its component's declaration.yaml gives the manifests theirs).
 */
import { SERVICE_DECLARATIONS, serviceUrlVariable, type ServiceName } from '@labline/contracts';
import type { K8sObject } from '../manifests';
import { MISSING, problem, type Problem } from '../problems';
import { selects, type Selector, type Workload } from '../workloads';
import {
  configMapSchema,
  hpaSchema,
  ingressBackends,
  ingressSchema,
  isSpecific,
  networkPolicySchema,
  ofKind,
  pdbSchema,
  serviceSchema,
} from './objects';

export const GATEWAY = 'gateway';
export const MIGRATE_FLAG = '--migrate-only';

export interface Manifests {
  objects: readonly K8sObject[];
  workloads: readonly Workload[];
}

export const deploymentOf = (manifests: Manifests, name: string): Workload | undefined =>
  manifests.workloads.find(
    (workload) => workload.object.kind === 'Deployment' && workload.object.metadata.name === name,
  );

function declaresTarget(workload: Workload, target: string | number | undefined): boolean {
  if (target === undefined) return false;
  return workload.spec.containers.some((container) =>
    (container.ports ?? []).some((port) => (typeof target === 'number' ? port.containerPort : port.name) === target),
  );
}

function checkCompanions(manifests: Manifests, name: string, deployment: Workload): string[] {
  const { objects } = manifests;
  const labels = deployment.podLabels;
  const missing: string[] = [];
  const service = ofKind(objects, 'Service', serviceSchema).find(({ object }) => object.metadata.name === name);
  if (!service) missing.push(`no Service ${name}`);
  else {
    const selector = service.data.spec.selector ?? {};
    if (Object.keys(selector).length === 0 || !selects({ matchLabels: selector }, labels)) {
      missing.push(`Service ${name} does not select the pods of Deployment ${name}`);
    }
    const declared = SERVICE_DECLARATIONS.find((declaration) => declaration.name === name)?.port;
    const ports = (service.data.spec.ports ?? []).map((port) => port.port);
    if (declared !== undefined && !ports.includes(declared)) {
      missing.push(
        `Service ${name} listens on ${ports.join(', ')}, not on ${declared} (its SERVICE_DECLARATIONS port)`,
      );
    }
    for (const port of service.data.spec.ports ?? []) {
      if (!declaresTarget(deployment, port.targetPort ?? port.port)) {
        missing.push(
          `Service ${name} port ${port.port} targets ${port.targetPort ?? port.port}, not a port of its pods`,
        );
      }
    }
  }
  // Its own: selecting its pods and no other workload's (default-deny or a policy by role does not count).
  const others = manifests.workloads.filter((workload) => workload.longRunning && workload !== deployment);
  const ownSelector = (selector: Selector | undefined) =>
    selector !== undefined &&
    isSpecific(selector) &&
    selects(selector, labels) &&
    !others.some((other) => selects(selector, other.podLabels));
  if (!ofKind(objects, 'NetworkPolicy', networkPolicySchema).some(({ data }) => ownSelector(data.spec.podSelector))) {
    missing.push(`no NetworkPolicy of its own selecting the pods of Deployment ${name}`);
  }
  if (!ofKind(objects, 'PodDisruptionBudget', pdbSchema).some(({ data }) => ownSelector(data.spec.selector))) {
    missing.push(`no PodDisruptionBudget of its own selecting the pods of Deployment ${name}`);
  }
  const autoscaler = ofKind(objects, 'HorizontalPodAutoscaler', hpaSchema).some(
    ({ object, data }) =>
      object.apiVersion === 'autoscaling/v2' &&
      data.spec.scaleTargetRef.kind === 'Deployment' &&
      data.spec.scaleTargetRef.name === name,
  );
  if (!autoscaler) missing.push(`no HorizontalPodAutoscaler (autoscaling/v2) scaling Deployment ${name}`);
  return missing;
}

function checkMigrationJob(manifests: Manifests, name: string, deployment: Workload): string[] {
  const jobName = `${name}-migrate`;
  const job = manifests.workloads.find(({ object }) => object.kind === 'Job' && object.metadata.name === jobName);
  if (!job) return [`no migration Job ${jobName}`];
  const image = deployment.spec.containers[0]?.image;
  const runs = job.spec.containers.find((container) => container.image === image);
  if (!runs) return [`Job ${jobName} does not run the image of Deployment ${name} (${image})`];
  const line = [...(runs.command ?? []), ...(runs.args ?? [])];
  return line.includes(MIGRATE_FLAG) ? [] : [`Job ${jobName} does not pass ${MIGRATE_FLAG}`];
}

/** The variables a container sees: its `env` and the keys of the ConfigMaps it takes whole (`envFrom`). */
function environmentNames(manifests: Manifests, workload: Workload): Set<string> {
  const names = new Set<string>();
  const configMaps = new Map(
    ofKind(manifests.objects, 'ConfigMap', configMapSchema).map(({ object, data }) => [
      object.metadata.name,
      Object.keys(data.data ?? {}),
    ]),
  );
  for (const container of workload.spec.containers) {
    for (const variable of container.env ?? []) names.add(variable.name);
    for (const source of container.envFrom ?? []) {
      for (const key of configMaps.get(source.configMapRef?.name ?? '') ?? []) names.add(key);
    }
  }
  return names;
}

function checkGateway(manifests: Manifests, gateway: Workload, services: readonly ServiceName[]): string[] {
  const missing: string[] = [];
  const exposed = ofKind(manifests.objects, 'Ingress', ingressSchema).some(({ data }) =>
    ingressBackends(data).includes(GATEWAY),
  );
  if (!exposed) missing.push(`no Ingress to Service ${GATEWAY}`);
  const environment = environmentNames(manifests, gateway);
  for (const service of services) {
    const variable = serviceUrlVariable(service);
    if (!environment.has(variable)) missing.push(`the gateway has no ${variable} (service ${service})`);
  }
  return missing;
}

export function checkCoverage(manifests: Manifests, services: readonly ServiceName[]): Problem[] {
  const problems: Problem[] = [];
  for (const name of [...services, GATEWAY]) {
    const deployment = deploymentOf(manifests, name);
    if (!deployment) {
      const present = manifests.objects.some(({ kind, metadata }) => kind === 'Deployment' && metadata.name === name);
      // An unreadable Deployment is already a schema problem; its companions cannot be matched to its pods.
      if (!present) problems.push(problem(MISSING, 'coverage', `${name}: no Deployment ${name}`));
      continue;
    }
    const missing = [
      ...checkCompanions(manifests, name, deployment),
      ...(name === GATEWAY
        ? checkGateway(manifests, deployment, services)
        : checkMigrationJob(manifests, name, deployment)),
    ];
    problems.push(...missing.map((message) => problem(MISSING, 'coverage', `${name}: ${message}`)));
  }
  return problems;
}
