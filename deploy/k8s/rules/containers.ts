/**
 * What every pod and container must have: probes on long-running containers, requests and limits, a locked-down
 * security context (the Pod Security Standards' `restricted` profile and a read-only root filesystem), no host
 * namespaces, no service-account token, and pinned images named after their workload.
 */
import { problem, type Problem } from '../problems';
import { allContainers, type Container, type Probe, type Workload } from '../workloads';

const LABLINE_REGISTRY = 'labline/';
const RESOURCE_FIELDS = ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'] as const;
const SECCOMP_TYPES = new Set(['RuntimeDefault', 'Localhost']);

/** `repository[:tag][@digest]`; the tag is what follows the last colon after the last slash. */
export function parseImage(image: string): { repository: string; tag?: string; digest?: string } {
  const [reference = '', digest] = image.split('@');
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  const hasTag = colon > slash;
  return {
    repository: hasTag ? reference.slice(0, colon) : reference,
    ...(hasTag ? { tag: reference.slice(colon + 1) } : {}),
    ...(digest ? { digest } : {}),
  };
}

export const isLablineImage = (image: string | undefined): boolean => image?.startsWith(LABLINE_REGISTRY) ?? false;

function declaresPort(container: Container, port: string | number): boolean {
  return (container.ports ?? []).some((declared) =>
    typeof port === 'number' ? declared.containerPort === port : declared.name === port,
  );
}

function probeProblems(container: Container, kind: 'readiness' | 'liveness', probe: Probe | undefined): string[] {
  if (!probe) return [`container ${container.name}: no ${kind}Probe`];
  const messages: string[] = [];
  const port = probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
  if (port !== undefined && !declaresPort(container, port)) {
    messages.push(`container ${container.name}: ${kind}Probe port ${port} is not one of its ports`);
  }
  // Labline's own processes answer /readyz (dependencies up, not draining) and /healthz (alive): service-kit.
  const expected = kind === 'readiness' ? '/readyz' : '/healthz';
  if (isLablineImage(container.image) && probe.httpGet?.path !== expected) {
    messages.push(`container ${container.name}: ${kind}Probe must be GET ${expected}`);
  }
  return messages;
}

function checkProbes(workload: Workload, container: Container): Problem[] {
  if (!workload.longRunning) return [];
  return [
    ...probeProblems(container, 'readiness', container.readinessProbe),
    ...probeProblems(container, 'liveness', container.livenessProbe),
  ].map((message) => problem(workload.id, 'probes', message));
}

function checkResources(workload: Workload, container: Container): Problem[] {
  const missing = RESOURCE_FIELDS.filter((field) => {
    const [group, resource] = field.split('.') as ['requests' | 'limits', string];
    return container.resources?.[group]?.[resource] === undefined;
  });
  return missing.length === 0
    ? []
    : [problem(workload.id, 'resources', `container ${container.name}: no ${missing.join(', ')}`)];
}

function checkSecurityContext(workload: Workload, container: Container): Problem[] {
  const pod = workload.spec.securityContext ?? {};
  const own = container.securityContext ?? {};
  const messages: string[] = [];
  if ((own.runAsNonRoot ?? pod.runAsNonRoot) !== true) messages.push('runAsNonRoot is not true');
  const user = own.runAsUser ?? pod.runAsUser;
  // The kubelet can only verify runAsNonRoot against a numeric user.
  if (user === undefined || user === 0) messages.push('runAsUser is not a numeric non-root user');
  if (own.readOnlyRootFilesystem !== true) messages.push('readOnlyRootFilesystem is not true');
  if (own.allowPrivilegeEscalation !== false) messages.push('allowPrivilegeEscalation is not false');
  if (own.privileged === true) messages.push('privileged');
  if (!own.capabilities?.drop?.includes('ALL')) messages.push('capabilities do not drop ALL');
  if ((own.capabilities?.add ?? []).length > 0) messages.push(`capabilities add ${own.capabilities?.add?.join(', ')}`);
  const seccomp = (own.seccompProfile ?? pod.seccompProfile)?.type;
  if (!seccomp || !SECCOMP_TYPES.has(seccomp)) messages.push('seccompProfile is not RuntimeDefault');
  if (own.readOnlyRootFilesystem === true) {
    // A read-only root still needs somewhere to write temporary files: an emptyDir at /tmp.
    const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
    const volume = workload.spec.volumes?.find((candidate) => candidate.name === tmp?.name);
    if (!volume?.emptyDir) messages.push('no emptyDir mounted at /tmp');
  }
  return messages.map((message) => problem(workload.id, 'security-context', `container ${container.name}: ${message}`));
}

function checkImage(workload: Workload, container: Container): Problem[] {
  if (!container.image) return [problem(workload.id, 'images', `container ${container.name}: no image`)];
  const { repository, tag, digest } = parseImage(container.image);
  const messages: string[] = [];
  if (!digest && (!tag || tag === 'latest')) messages.push(`image ${container.image} is not pinned to a tag`);
  const app = workload.podLabels['app.kubernetes.io/name'];
  if (isLablineImage(container.image) && repository !== `${LABLINE_REGISTRY}${app}`) {
    messages.push(`image ${repository} is not ${LABLINE_REGISTRY}${app ?? '<app.kubernetes.io/name>'}`);
  }
  return messages.map((message) => problem(workload.id, 'images', `container ${container.name}: ${message}`));
}

function checkPod(workload: Workload): Problem[] {
  const { spec } = workload;
  const messages: string[] = [];
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC'] as const) if (spec[field]) messages.push(`${field} is set`);
  for (const container of allContainers(spec)) {
    if ((container.ports ?? []).some((port) => port.hostPort !== undefined)) {
      messages.push(`container ${container.name} binds a host port`);
    }
  }
  // No Labline process talks to the Kubernetes API: a mounted token would only be something to steal.
  if (spec.automountServiceAccountToken !== false) messages.push('automountServiceAccountToken is not false');
  return messages.map((message) => problem(workload.id, 'pod-hardening', message));
}

export function checkContainerRules(workload: Workload): Problem[] {
  return [
    ...checkPod(workload),
    // Init containers run to completion before the others start: they take no probes.
    ...workload.spec.containers.flatMap((container) => checkProbes(workload, container)),
    ...allContainers(workload.spec).flatMap((container) => [
      ...checkResources(workload, container),
      ...checkSecurityContext(workload, container),
      ...checkImage(workload, container),
    ]),
  ];
}
