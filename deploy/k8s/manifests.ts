/**
 * The built manifests as objects: every YAML document of `kubectl kustomize`'s output (or a file of them),
 * checked for the fields every Kubernetes object has. The rest of each object is left as it is: the schema check
 * (schemas.ts) and the rules read what they need with their own zod schemas.
 */
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

export const labelsSchema = z.record(z.string(), z.string());

export const objectSchema = z.looseObject({
  apiVersion: z.string().min(1),
  kind: z.string().min(1),
  metadata: z.looseObject({
    name: z.string().min(1),
    namespace: z.string().optional(),
    labels: labelsSchema.optional(),
  }),
});
export type K8sObject = z.infer<typeof objectSchema>;

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

/** Every object in a multi-document YAML text; `source` names the text in errors. Empty documents are skipped. */
export function parseManifests(text: string, source: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const [index, document] of parseAllDocuments(text).entries()) {
    const [error] = document.errors;
    if (error) throw new ManifestError(`${source}, document ${index + 1}: ${error.message}`);
    const value: unknown = document.toJS();
    if (value === null || value === undefined) continue;
    const parsed = objectSchema.safeParse(value);
    if (!parsed.success) {
      const where = parsed.error.issues.map((issue) => issue.path.join('.') || '(document)').join(', ');
      throw new ManifestError(`${source}, document ${index + 1}: not a Kubernetes object (${where})`);
    }
    objects.push(parsed.data);
  }
  return objects;
}

/** How an object is named in problems: `Deployment/identity`. */
export const objectId = (object: Pick<K8sObject, 'kind' | 'metadata'>): string =>
  `${object.kind}/${object.metadata.name}`;

/** How many objects of each kind, sorted by kind. */
export function countByKind(objects: readonly K8sObject[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const object of [...objects].sort((a, b) => a.kind.localeCompare(b.kind))) {
    counts[object.kind] = (counts[object.kind] ?? 0) + 1;
  }
  return counts;
}
