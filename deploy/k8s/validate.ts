/**
 * `npm run k8s:validate` (CI runs it): builds every overlay under k8s/overlays with `kubectl kustomize`, checks
 * each object against the Kubernetes schemas and Labline's rules (problems.ts) and exits 1 naming every object
 * and rule broken, 2 when kubectl is missing.
 *
 *   --overlay <name>  build only this overlay (repeatable)
 *   --file <path>     check a file of built manifests instead of building (repeatable; what the test uses to
 *                     prove that broken manifests fail)
 *   --json            print the report as JSON
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEPLOYED_SERVICES } from '@labline/contracts';
import { buildOverlay, KubectlMissingError, kubectlVersion, overlayNames, ROOT } from './build';
import { checkManifests } from './check';
import { countByKind, parseManifests } from './manifests';
import { RULES, type Problem, type Rule } from './problems';

interface Result {
  name: string;
  objects: number;
  counts: Record<string, number>;
  problems: Problem[];
  /** The overlay could not be built or read. */
  error?: string;
}

async function checkTarget(name: string, load: () => Promise<string>): Promise<Result> {
  try {
    const objects = parseManifests(await load(), name);
    const problems = await checkManifests(objects, DEPLOYED_SERVICES);
    return { name, objects: objects.length, counts: countByKind(objects), problems };
  } catch (error) {
    if (error instanceof KubectlMissingError) throw error;
    return {
      name,
      objects: 0,
      counts: {},
      problems: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

async function schemaPackage(): Promise<string> {
  const manifest = await readFile(path.join(ROOT, 'node_modules/kubernetes-models/package.json'), 'utf8');
  return `kubernetes-models ${z.object({ version: z.string() }).parse(JSON.parse(manifest)).version}`;
}

function printText(kubectl: string | undefined, schemas: string, results: readonly Result[]): void {
  console.log(`${kubectl ? `kubectl ${kubectl}; ` : ''}schemas: ${schemas}`);
  for (const result of results) {
    if (result.error) {
      console.log(`${result.name}: ${result.error}`);
      continue;
    }
    const counts = Object.entries(result.counts)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
    const verdict = result.problems.length === 0 ? 'valid' : `${result.problems.length} problem(s)`;
    console.log(`${result.name}: ${result.objects} objects (${counts}): ${verdict}`);
    for (const { object, rule, message } of result.problems) console.log(`  ${object} [${rule}] ${message}`);
  }
  const broken = new Set<Rule>(results.flatMap((result) => result.problems.map((found) => found.rule)));
  if (broken.size > 0) {
    console.log('\nThe rules broken:');
    for (const rule of broken) console.log(`  ${rule}: ${RULES[rule]}`);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      overlay: { type: 'string', multiple: true },
      file: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const files = values.file ?? [];
  try {
    const kubectl = files.length > 0 ? undefined : await kubectlVersion();
    // The services are Kustomize components, named by replacements: kustomize v5 (kubectl 1.27+) builds them.
    if (kubectl !== undefined && !/kustomize v([5-9]|\d{2,})\./.test(kubectl)) {
      console.error(`kubectl ${kubectl}: the manifests need kustomize v5 (kubectl 1.27+); point KUBECTL at one.`);
      return 2;
    }
    const targets =
      files.length > 0
        ? files.map((file) => ({ name: path.basename(file), load: () => readFile(file, 'utf8') }))
        : (values.overlay ?? overlayNames()).map((name) => ({ name, load: () => buildOverlay(name) }));
    const results = await Promise.all(targets.map((target) => checkTarget(target.name, target.load)));
    const schemas = await schemaPackage();
    if (values.json) console.log(JSON.stringify({ kubectl, schemas, results }, null, 2));
    else printText(kubectl, schemas, results);
    return results.some((result) => result.error || result.problems.length > 0) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof KubectlMissingError)) throw error;
    console.error(error.message);
    return 2;
  }
}

process.exitCode = await main();
