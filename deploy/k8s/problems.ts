/** What a check reports: the object, the rule it breaks and how. */
export const RULES = {
  schema: "the object matches the Kubernetes API's schema (kubernetes-models)",
  probes: 'a long-running container has readiness and liveness probes (Labline images: /readyz and /healthz)',
  resources: 'every container requests and limits CPU and memory',
  'security-context':
    'non-root with a numeric user, read-only root filesystem (an emptyDir at /tmp), no privilege escalation, ' +
    'capabilities dropped, RuntimeDefault seccomp',
  'pod-hardening': 'no host network, PID, IPC or ports; no service-account token mounted',
  'literal-secret': 'no Secret with values, no secret-looking variable or ConfigMap key with a literal value',
  'least-privilege': 'DATABASE_ADMIN_URL reaches the migration Jobs only, never a long-running process',
  images: 'labline/<name>:<tag> for Labline workloads, every image pinned to a tag (never latest) or a digest',
  coverage: 'each service has its Deployment, Service, NetworkPolicy, PDB, HPA and migration Job; the gateway too',
  network: "services admit only in-namespace peers including the gateway; the gateway's ingress is not open",
  exposure: 'nothing but the gateway is exposed: no LoadBalancer or NodePort, Ingress backends are the gateway',
  nats: 'NATS syncs before acknowledging, runs 3 servers and has a user per service and the gateway',
} as const;
export type Rule = keyof typeof RULES;

export interface Problem {
  /** `Kind/name`, or `(manifests)` for what is missing altogether. */
  object: string;
  rule: Rule;
  message: string;
}

export const problem = (object: string, rule: Rule, message: string): Problem => ({ object, rule, message });

export const MISSING = '(manifests)';

export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.object.localeCompare(b.object) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message),
  );
}
