/** The parts of Services, NetworkPolicies, PDBs, autoscalers and Ingresses that the rules read. */
import { z } from 'zod';
import { labelsSchema, type K8sObject } from '../manifests';
import { selectorSchema, selects } from '../workloads';

const portRef = z.union([z.string(), z.number()]);

export const serviceSchema = z.looseObject({
  spec: z.looseObject({
    type: z.string().optional(),
    selector: labelsSchema.optional(),
    externalIPs: z.array(z.string()).optional(),
    ports: z.array(z.looseObject({ port: z.number(), targetPort: portRef.optional() })).optional(),
  }),
});

const peerSchema = z.looseObject({
  podSelector: selectorSchema.optional(),
  namespaceSelector: selectorSchema.optional(),
  ipBlock: z.looseObject({ cidr: z.string() }).optional(),
});
export type Peer = z.infer<typeof peerSchema>;
const policyPortsSchema = z.array(z.looseObject({ port: portRef.optional() })).optional();

export const networkPolicySchema = z.looseObject({
  spec: z.looseObject({
    podSelector: selectorSchema,
    policyTypes: z.array(z.string()).optional(),
    ingress: z.array(z.looseObject({ from: z.array(peerSchema).optional(), ports: policyPortsSchema })).optional(),
    egress: z.array(z.looseObject({ to: z.array(peerSchema).optional(), ports: policyPortsSchema })).optional(),
  }),
});
export type NetworkPolicy = z.infer<typeof networkPolicySchema>;

export const configMapSchema = z.looseObject({ data: z.record(z.string(), z.string()).optional() });

export const pdbSchema = z.looseObject({ spec: z.looseObject({ selector: selectorSchema.optional() }) });

export const hpaSchema = z.looseObject({
  spec: z.looseObject({ scaleTargetRef: z.looseObject({ kind: z.string(), name: z.string() }) }),
});

const backendSchema = z.looseObject({ service: z.looseObject({ name: z.string() }).optional() }).optional();
export const ingressSchema = z.looseObject({
  spec: z.looseObject({
    defaultBackend: backendSchema,
    rules: z
      .array(
        z.looseObject({
          http: z.looseObject({ paths: z.array(z.looseObject({ backend: backendSchema })) }).optional(),
        }),
      )
      .optional(),
  }),
});

/** The objects of a kind whose shape parses; those that do not are the schema check's to report. */
export function ofKind<S extends z.ZodType>(objects: readonly K8sObject[], kind: string, schema: S) {
  return objects.flatMap((object) => {
    if (object.kind !== kind) return [];
    const parsed = schema.safeParse(object);
    return parsed.success ? [{ object, data: parsed.data }] : [];
  });
}

/** The Service names an Ingress sends traffic to. */
export function ingressBackends(ingress: z.infer<typeof ingressSchema>): string[] {
  const { defaultBackend, rules = [] } = ingress.spec;
  return [defaultBackend, ...rules.flatMap((rule) => (rule.http?.paths ?? []).map((path) => path.backend))]
    .map((backend) => backend?.service?.name)
    .filter((name): name is string => name !== undefined);
}

/** The policy types a NetworkPolicy isolates: Ingress always unless listed otherwise, Egress when it has rules. */
export function policyTypes(policy: NetworkPolicy): string[] {
  return policy.spec.policyTypes ?? ['Ingress', ...(policy.spec.egress ? ['Egress'] : [])];
}

/** A selector that picks out particular pods (an empty one selects the whole namespace). */
export const isSpecific = (selector: z.infer<typeof selectorSchema> | undefined): boolean =>
  Object.keys(selector?.matchLabels ?? {}).length > 0 || (selector?.matchExpressions ?? []).length > 0;

/** A peer that is a pod of this namespace matching these labels. */
export const peerSelectsPod = (peer: Peer, labels: Record<string, string>): boolean =>
  peer.podSelector !== undefined &&
  peer.namespaceSelector === undefined &&
  peer.ipBlock === undefined &&
  selects(peer.podSelector, labels);
