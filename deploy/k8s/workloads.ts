/**
 * Pod templates and the parts of them the rules read, parsed with zod from every object that runs pods
 * (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, Pod).
 */
import { z } from 'zod';
import { labelsSchema, objectId, type K8sObject } from './manifests';
import { problem, type Problem } from './problems';

const portRef = z.union([z.string(), z.number()]);

const probeSchema = z.looseObject({
  httpGet: z.looseObject({ path: z.string().optional(), port: portRef }).optional(),
  tcpSocket: z.looseObject({ port: portRef }).optional(),
  grpc: z.looseObject({ port: z.number() }).optional(),
  exec: z.looseObject({}).optional(),
});
export type Probe = z.infer<typeof probeSchema>;

const quantitiesSchema = z.record(z.string(), z.union([z.string(), z.number()]));

const seccompSchema = z.looseObject({ type: z.string() });

const containerSecuritySchema = z.looseObject({
  runAsNonRoot: z.boolean().optional(),
  runAsUser: z.number().optional(),
  readOnlyRootFilesystem: z.boolean().optional(),
  allowPrivilegeEscalation: z.boolean().optional(),
  privileged: z.boolean().optional(),
  capabilities: z.looseObject({ drop: z.array(z.string()).optional(), add: z.array(z.string()).optional() }).optional(),
  seccompProfile: seccompSchema.optional(),
});

const keyRefSchema = z.looseObject({ name: z.string().optional(), key: z.string(), optional: z.boolean().optional() });

const envVarSchema = z.looseObject({
  name: z.string(),
  value: z.string().optional(),
  valueFrom: z
    .looseObject({ secretKeyRef: keyRefSchema.optional(), configMapKeyRef: keyRefSchema.optional() })
    .optional(),
});
export type EnvVar = z.infer<typeof envVarSchema>;

const envFromSchema = z.looseObject({
  configMapRef: z.looseObject({ name: z.string() }).optional(),
  secretRef: z.looseObject({ name: z.string() }).optional(),
});

const containerSchema = z.looseObject({
  name: z.string(),
  image: z.string().optional(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
  ports: z
    .array(z.looseObject({ name: z.string().optional(), containerPort: z.number(), hostPort: z.number().optional() }))
    .optional(),
  env: z.array(envVarSchema).optional(),
  envFrom: z.array(envFromSchema).optional(),
  readinessProbe: probeSchema.optional(),
  livenessProbe: probeSchema.optional(),
  resources: z.looseObject({ requests: quantitiesSchema.optional(), limits: quantitiesSchema.optional() }).optional(),
  securityContext: containerSecuritySchema.optional(),
  volumeMounts: z.array(z.looseObject({ name: z.string(), mountPath: z.string() })).optional(),
});
export type Container = z.infer<typeof containerSchema>;

const podSpecSchema = z.looseObject({
  containers: z.array(containerSchema),
  initContainers: z.array(containerSchema).optional(),
  volumes: z.array(z.looseObject({ name: z.string(), emptyDir: z.looseObject({}).optional() })).optional(),
  securityContext: z
    .looseObject({
      runAsNonRoot: z.boolean().optional(),
      runAsUser: z.number().optional(),
      seccompProfile: seccompSchema.optional(),
    })
    .optional(),
  hostNetwork: z.boolean().optional(),
  hostPID: z.boolean().optional(),
  hostIPC: z.boolean().optional(),
  automountServiceAccountToken: z.boolean().optional(),
});
export type PodSpec = z.infer<typeof podSpecSchema>;

const podTemplateSchema = z.looseObject({
  metadata: z.looseObject({ labels: labelsSchema.optional() }).optional(),
  spec: podSpecSchema,
});

/** Where each kind keeps its pod template. */
const TEMPLATE_PATHS: Record<string, readonly string[]> = {
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  Job: ['spec', 'template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
  Pod: [],
};
/** Kinds whose pods are meant to keep running, so that probes apply to them (not Jobs). */
const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Pod']);

export interface Workload {
  object: K8sObject;
  id: string;
  podLabels: Record<string, string>;
  spec: PodSpec;
  longRunning: boolean;
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The objects that run pods, with their templates; a template the rules cannot read is a problem. */
export function workloadsOf(objects: readonly K8sObject[]): { workloads: Workload[]; problems: Problem[] } {
  const workloads: Workload[] = [];
  const problems: Problem[] = [];
  for (const object of objects) {
    const path = TEMPLATE_PATHS[object.kind];
    if (!path) continue;
    const template = podTemplateSchema.safeParse(at(object, path));
    if (!template.success) {
      const where = template.error.issues.map((issue) => issue.path.join('.')).join(', ');
      problems.push(problem(objectId(object), 'schema', `pod template unreadable at ${where || 'its root'}`));
      continue;
    }
    workloads.push({
      object,
      id: objectId(object),
      podLabels: template.data.metadata?.labels ?? {},
      spec: template.data.spec,
      longRunning: LONG_RUNNING.has(object.kind),
    });
  }
  return { workloads, problems };
}

export const allContainers = (spec: PodSpec): Container[] => [...(spec.initContainers ?? []), ...spec.containers];

/** A Kubernetes label selector (matchLabels and matchExpressions), or a plain map as a Service's. */
export const selectorSchema = z.looseObject({
  matchLabels: labelsSchema.optional(),
  matchExpressions: z
    .array(z.looseObject({ key: z.string(), operator: z.string(), values: z.array(z.string()).optional() }))
    .optional(),
});
export type Selector = z.infer<typeof selectorSchema>;

/** Whether the selector selects these labels; an empty selector selects everything. */
export function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const value = labels[key];
    if (operator === 'In') return value !== undefined && values.includes(value);
    if (operator === 'NotIn') return value === undefined || !values.includes(value);
    if (operator === 'Exists') return value !== undefined;
    if (operator === 'DoesNotExist') return value === undefined;
    return false;
  });
  return byLabel && byExpression;
}
