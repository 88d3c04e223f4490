/**
 * No secret in a manifest: Secrets are created by the operator (k8s/README.md) and referenced by name. A Secret
 * object with values, a secret-looking variable or ConfigMap key with a literal value, credentials inside a
 * URL, or a literal password in a configuration file are refused; and the database admin's URL stays with the
 * migration Jobs (README "Database roles").
 */
import { z } from 'zod';
import { objectId, type K8sObject } from '../manifests';
import { problem, type Problem } from '../problems';
import { allContainers, type Workload } from '../workloads';

/** Words that mark a name as secret, as `_`-separated parts: NATS_PASSWORD, JWT_PRIVATE_KEY, API_TOKEN. */
const SECRET_WORDS = new Set([
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PWD',
  'SECRET',
  'SECRETS',
  'TOKEN',
  'TOKENS',
  'KEY',
  'KEYS',
  'APIKEY',
  'CREDENTIAL',
  'CREDENTIALS',
  'CREDS',
  'PRIVATE',
]);
/** Connection strings that carry a password: README "Configuration". */
const SECRET_NAMES = new Set(['DATABASE_URL', 'DATABASE_ADMIN_URL', 'EVENTSTORE_URL']);

export function looksSecret(name: string): boolean {
  const upper = name.toUpperCase();
  return SECRET_NAMES.has(upper) || upper.endsWith('_DSN') || upper.split(/[_.-]/).some((w) => SECRET_WORDS.has(w));
}

/** `scheme://user:password@host`, unless the password is a `$(VARIABLE)` the kubelet fills in. */
const URL_CREDENTIALS = /[a-z][a-z0-9+.-]*:\/\/[^/@\s:]+:(?!\$\([A-Za-z0-9_]+\)@)[^/@\s]+@/i;
/** `password: hunter2` in a configuration file (NATS, …); `$VARIABLE` references are fine. */
const CONFIG_PASSWORD = /^\s*['"]?(?:password|pass|token|secret)['"]?\s*[:=]\s*(?!\$)['"]?[^\s'"$]+/im;

export const hasUrlCredentials = (value: string): boolean => URL_CREDENTIALS.test(value);

const dataSchema = z.looseObject({
  data: z.record(z.string(), z.unknown()).optional(),
  stringData: z.record(z.string(), z.unknown()).optional(),
});

function checkSecretObject(object: K8sObject): Problem[] {
  const parsed = dataSchema.safeParse(object);
  const keys = parsed.success
    ? [...Object.keys(parsed.data.data ?? {}), ...Object.keys(parsed.data.stringData ?? {})]
    : [];
  return keys.length === 0
    ? []
    : [
        problem(
          objectId(object),
          'literal-secret',
          `Secret with literal values (${keys.join(', ')}): the operator creates Secrets, manifests reference them`,
        ),
      ];
}

function checkConfigMap(object: K8sObject): Problem[] {
  const parsed = dataSchema.safeParse(object);
  const data = parsed.success ? (parsed.data.data ?? {}) : {};
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(data)) {
    const text = typeof value === 'string' ? value : '';
    if (looksSecret(key) && text !== '') {
      problems.push(problem(objectId(object), 'literal-secret', `key ${key} looks secret: reference a Secret instead`));
    }
    if (hasUrlCredentials(text)) {
      problems.push(problem(objectId(object), 'literal-secret', `key ${key} holds a URL with credentials`));
    }
    if (CONFIG_PASSWORD.test(text)) {
      problems.push(problem(objectId(object), 'literal-secret', `key ${key} holds a literal password`));
    }
  }
  return problems;
}

function checkEnvironment(workload: Workload): Problem[] {
  const problems: Problem[] = [];
  for (const container of allContainers(workload.spec)) {
    for (const variable of container.env ?? []) {
      const value = variable.value ?? '';
      if (looksSecret(variable.name) && value !== '') {
        problems.push(
          problem(
            workload.id,
            'literal-secret',
            `container ${container.name}: ${variable.name} is a literal value: use valueFrom.secretKeyRef`,
          ),
        );
      } else if (hasUrlCredentials(value)) {
        problems.push(
          problem(workload.id, 'literal-secret', `container ${container.name}: ${variable.name} has credentials in it`),
        );
      }
    }
  }
  return problems;
}

/** The admin connection provisions roles and migrates: a Job's, never held by a process that serves requests. */
const ADMIN_VARIABLE = 'DATABASE_ADMIN_URL';

function checkAdminCredential(workload: Workload): Problem[] {
  if (!workload.longRunning) return [];
  return allContainers(workload.spec)
    .filter((container) => (container.env ?? []).some((variable) => variable.name === ADMIN_VARIABLE))
    .map((container) =>
      problem(
        workload.id,
        'least-privilege',
        `container ${container.name}: ${ADMIN_VARIABLE} belongs to the migration Job`,
      ),
    );
}

export function checkSecrets(objects: readonly K8sObject[], workloads: readonly Workload[]): Problem[] {
  return [
    ...workloads.flatMap(checkAdminCredential),
    ...objects.flatMap((object) =>
      object.kind === 'Secret' ? checkSecretObject(object) : object.kind === 'ConfigMap' ? checkConfigMap(object) : [],
    ),
    ...workloads.flatMap(checkEnvironment),
  ];
}
