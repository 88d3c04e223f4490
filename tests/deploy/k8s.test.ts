/**
 * The Kubernetes manifests (k8s/) and their validator (deploy/k8s, `npm run k8s:validate`): every overlay
 * builds and passes, and each rule fails on the dev overlay broken on purpose (a missing probe, a literal secret,
 * a root container, a service missing from the manifests, …), naming the object and the rule.
 *
 * The validator runs as CI runs it, as a process (its `--file` mode checks the broken copies): a test reaches
 * deploy/ only through its entry points. kubectl builds the overlays; without it these tests fail and say so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, test } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { z } from 'zod';
import { DEPLOYED_SERVICES } from '@labline/contracts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const VALIDATOR = path.join(ROOT, 'deploy/k8s/validate.ts');
const KUBECTL = process.env.KUBECTL || 'kubectl';

const reportSchema = z.object({
  kubectl: z.string().optional(),
  schemas: z.string(),
  results: z.array(
    z.object({
      name: z.string(),
      objects: z.number(),
      counts: z.record(z.string(), z.number()),
      problems: z.array(z.object({ object: z.string(), rule: z.string(), message: z.string() })),
      error: z.string().optional(),
    }),
  ),
});
type Report = z.infer<typeof reportSchema>;

/** Fails (never skips) with what to install: these tests are CI's only check of the manifests. */
function requireKubectl(): void {
  const probe = spawnSync(KUBECTL, ['version', '--client'], { encoding: 'utf8' });
  assert.ok(
    !probe.error && probe.status === 0,
    `kubectl is missing (${KUBECTL}): the k8s manifests cannot be built or validated. Install it ` +
      '(Debian/Ubuntu: apt-get install kubernetes-client) or set KUBECTL to a kubectl binary.',
  );
}

function runValidator(args: readonly string[]): { status: number | null; report: Report; output: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', VALIDATOR, '--json', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${run.stdout}${run.stderr}`;
  const parsed = reportSchema.safeParse(JSON.parse(run.stdout || 'null'));
  assert.ok(parsed.success, `the validator printed no report:\n${output}`);
  return { status: run.status, report: parsed.data, output };
}

// ---- Editing the built manifests: each case breaks one thing in a fresh copy ----

type Key = string | number;
type Manifest = Record<string, unknown>;

function at(value: unknown, path: readonly Key[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<Key, unknown>)[key];
  }
  return current;
}

function put(value: unknown, path: readonly Key[], next: unknown): void {
  const parent = at(value, path.slice(0, -1));
  assert.ok(typeof parent === 'object' && parent !== null, `no ${path.slice(0, -1).join('.')} to edit`);
  const key = path.at(-1)!;
  if (next === undefined) delete (parent as Record<Key, unknown>)[key];
  else (parent as Record<Key, unknown>)[key] = next;
}

const isObject = (kind: string, name: string | RegExp) => (manifest: Manifest) =>
  manifest.kind === kind &&
  (typeof name === 'string'
    ? at(manifest, ['metadata', 'name']) === name
    : name.test(String(at(manifest, ['metadata', 'name']))));

function find(manifests: Manifest[], kind: string, name: string | RegExp): Manifest {
  const found = manifests.find(isObject(kind, name));
  assert.ok(found, `the dev overlay has no ${kind} ${name}`);
  return found;
}

const CONTAINER = ['spec', 'template', 'spec', 'containers', 0] as const;
const SECURITY = [...CONTAINER, 'securityContext'] as const;

interface BrokenCase {
  name: string;
  /** The rule that must fail, and the object it must name. */
  rule: string;
  object: string;
  /** A text the message must contain. */
  says?: string;
  breakIt(manifests: Manifest[]): Manifest[];
}

const edit =
  (kind: string, name: string | RegExp, change: (manifest: Manifest) => void) =>
  (manifests: Manifest[]): Manifest[] => {
    change(find(manifests, kind, name));
    return manifests;
  };

const without =
  (predicate: (manifest: Manifest) => boolean) =>
  (manifests: Manifest[]): Manifest[] =>
    manifests.filter((manifest) => !predicate(manifest));

const appMatches = (name: string) => (manifest: Manifest) =>
  at(manifest, ['metadata', 'labels', 'app.kubernetes.io/name']) === name;

const BROKEN: BrokenCase[] = [
  {
    name: 'missing-readiness-probe',
    rule: 'probes',
    object: 'Deployment/identity',
    says: 'no readinessProbe',
    breakIt: edit('Deployment', 'identity', (d) => put(d, [...CONTAINER, 'readinessProbe'], undefined)),
  },
  {
    name: 'missing-liveness-probe',
    rule: 'probes',
    object: 'StatefulSet/nats',
    says: 'no livenessProbe',
    breakIt: edit('StatefulSet', 'nats', (s) => put(s, [...CONTAINER, 'livenessProbe'], undefined)),
  },
  {
    name: 'readiness-on-the-wrong-path',
    rule: 'probes',
    object: 'Deployment/gateway',
    says: 'GET /readyz',
    breakIt: edit('Deployment', 'gateway', (d) => put(d, [...CONTAINER, 'readinessProbe', 'httpGet', 'path'], '/')),
  },
  {
    name: 'no-limits',
    rule: 'resources',
    object: 'Job/identity-migrate',
    says: 'limits.cpu',
    breakIt: edit('Job', 'identity-migrate', (j) => put(j, [...CONTAINER, 'resources', 'limits'], undefined)),
  },
  {
    name: 'root-container',
    rule: 'security-context',
    object: 'Deployment/clinical',
    says: 'runAsUser',
    breakIt: edit('Deployment', 'clinical', (d) => {
      put(d, [...SECURITY, 'runAsNonRoot'], false);
      put(d, [...SECURITY, 'runAsUser'], 0);
    }),
  },
  {
    name: 'writable-root-filesystem',
    rule: 'security-context',
    object: 'Deployment/identity',
    says: 'readOnlyRootFilesystem',
    breakIt: edit('Deployment', 'identity', (d) => put(d, [...SECURITY, 'readOnlyRootFilesystem'], false)),
  },
  {
    name: 'privilege-escalation',
    rule: 'security-context',
    object: 'StatefulSet/nats',
    says: 'allowPrivilegeEscalation',
    breakIt: edit('StatefulSet', 'nats', (s) => put(s, [...SECURITY, 'allowPrivilegeEscalation'], true)),
  },
  {
    name: 'capabilities-kept',
    rule: 'security-context',
    object: 'Deployment/gateway',
    says: 'drop ALL',
    breakIt: edit('Deployment', 'gateway', (d) => put(d, [...SECURITY, 'capabilities'], undefined)),
  },
  {
    name: 'no-tmp-volume',
    rule: 'security-context',
    object: 'Deployment/identity',
    says: '/tmp',
    breakIt: edit('Deployment', 'identity', (d) => put(d, [...CONTAINER, 'volumeMounts'], undefined)),
  },
  {
    name: 'host-network',
    rule: 'pod-hardening',
    object: 'Deployment/clinical',
    says: 'hostNetwork',
    breakIt: edit('Deployment', 'clinical', (d) => put(d, ['spec', 'template', 'spec', 'hostNetwork'], true)),
  },
  {
    name: 'literal-secret-variable',
    rule: 'literal-secret',
    object: 'Deployment/clinical',
    says: 'NATS_PASSWORD',
    breakIt: edit('Deployment', 'clinical', (d) =>
      put(d, [...CONTAINER, 'env', 1], { name: 'NATS_PASSWORD', value: 'hunter2' }),
    ),
  },
  {
    name: 'secret-with-values',
    rule: 'literal-secret',
    object: 'Secret/identity-database',
    says: 'DATABASE_URL',
    breakIt: (manifests) => [
      ...manifests,
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'identity-database' },
        stringData: { DATABASE_URL: 'postgresql://identity_app:hunter2@db/identity' },
      },
    ],
  },
  {
    name: 'credentials-in-a-configmap',
    rule: 'literal-secret',
    object: 'ConfigMap',
    says: 'credentials',
    breakIt: edit('ConfigMap', /^labline-config-/, (c) =>
      put(c, ['data', 'NATS_URL'], 'nats://clinical:hunter2@nats:4222'),
    ),
  },
  {
    name: 'admin-url-in-a-service',
    rule: 'least-privilege',
    object: 'Deployment/identity',
    says: 'DATABASE_ADMIN_URL',
    breakIt: edit('Deployment', 'identity', (d) =>
      put(d, [...CONTAINER, 'env', 0], {
        name: 'DATABASE_ADMIN_URL',
        valueFrom: { secretKeyRef: { name: 'identity-database-admin', key: 'DATABASE_ADMIN_URL' } },
      }),
    ),
  },
  {
    name: 'service-missing',
    rule: 'coverage',
    object: '(manifests)',
    says: 'clinical: no Deployment clinical',
    breakIt: without(appMatches('clinical')),
  },
  {
    name: 'no-autoscaler',
    rule: 'coverage',
    object: '(manifests)',
    says: 'identity: no HorizontalPodAutoscaler',
    breakIt: without(isObject('HorizontalPodAutoscaler', 'identity')),
  },
  {
    name: 'no-disruption-budget',
    rule: 'coverage',
    object: '(manifests)',
    says: 'gateway: no PodDisruptionBudget',
    breakIt: without(isObject('PodDisruptionBudget', 'gateway')),
  },
  {
    name: 'no-own-network-policy',
    rule: 'coverage',
    object: '(manifests)',
    says: 'clinical: no NetworkPolicy',
    breakIt: without(isObject('NetworkPolicy', 'clinical')),
  },
  {
    name: 'no-migration-job',
    rule: 'coverage',
    object: '(manifests)',
    says: 'identity: no migration Job identity-migrate',
    breakIt: without(isObject('Job', 'identity-migrate')),
  },
  {
    name: 'no-service',
    rule: 'coverage',
    object: '(manifests)',
    says: 'identity: no Service identity',
    breakIt: without(isObject('Service', 'identity')),
  },
  {
    name: 'gateway-without-a-service-url',
    rule: 'coverage',
    object: '(manifests)',
    says: 'CLINICAL_URL',
    breakIt: edit('ConfigMap', /^gateway-config-/, (c) => put(c, ['data', 'CLINICAL_URL'], undefined)),
  },
  {
    name: 'service-open-to-all',
    rule: 'network',
    object: 'Deployment/identity',
    says: 'every source',
    breakIt: edit('NetworkPolicy', 'identity', (p) => put(p, ['spec', 'ingress', 0, 'from'], [])),
  },
  {
    name: 'node-port',
    rule: 'exposure',
    object: 'Service/clinical',
    says: 'NodePort',
    breakIt: edit('Service', 'clinical', (s) => put(s, ['spec', 'type'], 'NodePort')),
  },
  {
    name: 'latest-image',
    rule: 'images',
    object: 'Deployment/gateway',
    says: 'not pinned',
    breakIt: edit('Deployment', 'gateway', (d) => put(d, [...CONTAINER, 'image'], 'labline/gateway:latest')),
  },
  {
    name: 'lazy-fsync',
    rule: 'nats',
    object: 'ConfigMap',
    says: 'sync_interval',
    breakIt: edit('ConfigMap', /^nats-config-/, (c) =>
      put(c, ['data', 'nats.conf'], String(at(c, ['data', 'nats.conf'])).replace('sync_interval: always', '')),
    ),
  },
  {
    name: 'no-nats-user',
    rule: 'nats',
    object: 'ConfigMap',
    says: 'no NATS user clinical',
    breakIt: edit('ConfigMap', /^nats-config-/, (c) =>
      put(c, ['data', 'auth.conf'], String(at(c, ['data', 'auth.conf'])).replace('user: clinical', 'user: other')),
    ),
  },
  {
    name: 'not-a-valid-object',
    rule: 'schema',
    object: 'Deployment/identity',
    says: 'containerPort',
    breakIt: edit('Deployment', 'identity', (d) => put(d, [...CONTAINER, 'ports', 0, 'containerPort'], 'http')),
  },
];

describe('k8s manifests', () => {
  test('kubectl is installed', () => {
    requireKubectl();
  });

  test('every overlay builds and passes, with every service of DEPLOYED_SERVICES deployed', () => {
    requireKubectl();
    const { status, report, output } = runValidator([]);
    assert.equal(status, 0, output);
    assert.deepEqual(report.results.map((result) => result.name).sort(), ['dev', 'prod']);
    const services = DEPLOYED_SERVICES.length;
    for (const result of report.results) {
      assert.equal(result.error, undefined, result.name);
      assert.deepEqual(result.problems, [], result.name);
      const { counts } = result;
      assert.equal(counts.Deployment, services + 1, `${result.name}: the services and the gateway`);
      assert.equal(counts.Job, services, `${result.name}: one migration Job per service`);
      assert.equal(counts.HorizontalPodAutoscaler, services + 1, result.name);
      assert.equal(counts.PodDisruptionBudget, services + 2, `${result.name}: the services, the gateway and NATS`);
      assert.equal(counts.StatefulSet, 1, `${result.name}: NATS`);
      assert.equal(counts.Ingress, 1, `${result.name}: the gateway's, the only way in`);
      assert.equal(counts.Secret, undefined, `${result.name}: Secrets are the operator's`);
    }
  });

  describe('each rule fails on a broken copy of the dev overlay', () => {
    let directory = '';
    afterAll(() => {
      if (directory) rmSync(directory, { recursive: true, force: true });
    });

    /**
     * One validator run over the intact copy and every broken one, made by the first test that needs it (not in
     * a beforeAll hook, whose failure would leave the tests skipped rather than failed when kubectl is missing).
     */
    let run: ReturnType<typeof runValidator> | undefined;
    function validated(): ReturnType<typeof runValidator> {
      if (run) return run;
      requireKubectl();
      const build = spawnSync(KUBECTL, ['kustomize', path.join(ROOT, 'k8s/overlays/dev')], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      assert.equal(build.status, 0, build.stderr);
      const fresh = (): Manifest[] => parseAllDocuments(build.stdout).map((document) => document.toJS() as Manifest);
      directory = mkdtempSync(path.join(os.tmpdir(), 'labline-k8s-'));
      const files = [
        { name: 'intact', manifests: fresh() },
        ...BROKEN.map((broken) => ({ name: broken.name, manifests: broken.breakIt(fresh()) })),
      ].map(({ name, manifests }) => {
        const file = path.join(directory, `${name}.yaml`);
        writeFileSync(file, manifests.map((manifest) => stringify(manifest)).join('---\n'));
        return file;
      });
      run = runValidator(files.flatMap((file) => ['--file', file]));
      return run;
    }

    const resultOf = (name: string) => {
      const result = validated().report.results.find((candidate) => candidate.name === `${name}.yaml`);
      assert.ok(result, `no result for ${name}`);
      assert.equal(result.error, undefined);
      return result;
    };

    test('the intact copy passes, and the validator exits non-zero for the broken ones', () => {
      assert.deepEqual(resultOf('intact').problems, []);
      assert.equal(validated().status, 1);
    });

    test.each(BROKEN)('$name breaks $rule', ({ name, rule, object, says }) => {
      const { problems } = resultOf(name);
      const matching = problems.filter(
        (found) =>
          found.rule === rule &&
          (found.object === object || found.object.startsWith(`${object}/`)) &&
          (says === undefined || found.message.includes(says)),
      );
      assert.ok(matching.length > 0, `expected [${rule}] on ${object}; got:\n${JSON.stringify(problems, null, 2)}`);
    });
  });
});
