/**
 * All the checks on one set of built manifests: the Kubernetes schemas, then Labline's rules (problems.ts lists
 * them). Pure apart from loading the schema modules: the CLI (validate.ts) and the test feed it objects.
 */
import type { ServiceName } from '@labline/contracts';
import type { K8sObject } from './manifests';
import { sortProblems, type Problem } from './problems';
import { checkContainerRules } from './rules/containers';
import { checkCoverage } from './rules/coverage';
import { checkExposure } from './rules/exposure';
import { checkNats } from './rules/nats';
import { checkNetwork } from './rules/network';
import { checkSecrets } from './rules/secrets';
import { checkSchemas } from './schemas';
import { workloadsOf } from './workloads';

export async function checkManifests(
  objects: readonly K8sObject[],
  services: readonly ServiceName[],
): Promise<Problem[]> {
  const { workloads, problems: unreadable } = workloadsOf(objects);
  const manifests = { objects, workloads };
  return sortProblems([
    ...(await checkSchemas(objects)),
    ...unreadable,
    ...workloads.flatMap(checkContainerRules),
    ...checkSecrets(objects, workloads),
    ...checkCoverage(manifests, services),
    ...checkNetwork(manifests, services),
    ...checkExposure(objects),
    ...checkNats(manifests, services),
  ]);
}
