/**
 * docker-compose.yml follows DEPLOYED_SERVICES (libs/contracts/src/services.ts), the one service list: every
 * service has its image, its one-shot migration and its own database role and NATS user, starts after the
 * services before it, and the gateway knows its URL. Runs in `npm test` (no Docker needed); the file is run for
 * real by `npm run test:deploy`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOYED_SERVICES, serviceDeclaration, serviceUrlVariable } from '@labline/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

const ROOT = path.resolve(import.meta.dirname, '../..');

const serviceSchema = z.object({
  image: z.string(),
  command: z.array(z.string()).optional(),
  build: z.object({ args: z.record(z.string(), z.string()) }).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  profiles: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  healthcheck: z.object({ test: z.array(z.string()) }).optional(),
});
const composeSchema = z.object({ services: z.record(z.string(), serviceSchema) });

const compose = composeSchema.parse(
  parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }),
);
// compose's NATS includes the users of Kubernetes (one definition for both), mounted beside its nats.conf.
const natsConfig = readFileSync(path.join(ROOT, 'deploy/docker/nats/nats.conf'), 'utf8');
const natsUsers = readFileSync(path.join(ROOT, 'k8s/base/nats/auth.conf'), 'utf8');

function service(name: string) {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

describe('docker-compose.yml', () => {
  it.each(DEPLOYED_SERVICES)('runs %s from its image after its migration, as its own roles', (name) => {
    const migration = service(`${name}-migrate`);
    const runtime = service(name);
    for (const entry of [migration, runtime]) {
      expect(entry.image).toMatch(new RegExp(`/${name}:`));
      expect(entry.build?.args.PACKAGE).toBe(`services/${name}`);
    }
    expect(migration.command).toContain('--migrate-only');
    expect(migration.environment?.DATABASE_ADMIN_URL).toBeDefined();
    expect(runtime.depends_on?.[`${name}-migrate`]?.condition).toBe('service_completed_successfully');
    expect(runtime.depends_on?.nats?.condition).toBe('service_healthy');
    // The running service holds no admin connection and signs in as <schema>_app and as its own NATS user.
    expect(runtime.environment?.DATABASE_ADMIN_URL).toBeUndefined();
    expect(String(runtime.environment?.DATABASE_URL)).toMatch(new RegExp(`^postgres://${name}_app:`));
    expect(runtime.environment?.NATS_USER).toBe(name);
    expect(natsUsers).toMatch(new RegExp(`user: ${name}\\n\\s+password: \\$NATS_${name.toUpperCase()}_PASSWORD`));
    expect(runtime.environment?.NATS_PASSWORD).toBe(`\${NATS_${name.toUpperCase()}_PASSWORD:-${name}-nats-dev}`);
    // The one-shot parses the service's configuration as at start-up: the service's environment, and the admin's.
    expect({ ...migration.environment, DATABASE_ADMIN_URL: undefined }).toEqual({
      ...runtime.environment,
      DATABASE_ADMIN_URL: undefined,
    });
  });

  it.each(DEPLOYED_SERVICES)('gives %s what its declaration says it needs', (name) => {
    const { needs, demoSeed } = serviceDeclaration(name);
    const environment = service(name).environment ?? {};
    expect('LABLINE_SEED' in environment, 'LABLINE_SEED').toBe(demoSeed);
    expect(environment.IDENTITY_JWKS_URL, 'IDENTITY_JWKS_URL').toBe(
      needs.includes('identity-keys') ? 'http://identity:8080/.well-known/jwks.json' : undefined,
    );
    expect('PUBLIC_WEB_URL' in environment, 'PUBLIC_WEB_URL').toBe(needs.includes('public-web-url'));
    expect('SMTP_HOST' in environment, 'SMTP_HOST').toBe(needs.includes('mail'));
    expect('TWILIO_ACCOUNT_SID' in environment, 'TWILIO_ACCOUNT_SID').toBe(needs.includes('sms'));
    expect('EXTERNAL_LAB_FHIR_URL' in environment, 'EXTERNAL_LAB_FHIR_URL').toBe(needs.includes('external-lab'));
  });

  it('gives NATS the users of k8s/base/nats/auth.conf, the one definition of who may do what', () => {
    expect(natsConfig).toMatch(/^include 'auth.conf'$/m);
    expect(service('nats').volumes).toContain('./k8s/base/nats/auth.conf:/etc/nats/auth.conf:ro');
    // Every password auth.conf reads from the environment is set, or the server would refuse to start.
    const variables = [...natsUsers.matchAll(/\$(NATS_[A-Z_]+_PASSWORD)/g)].map((match) => match[1]!);
    expect(variables.length).toBeGreaterThan(DEPLOYED_SERVICES.length);
    for (const variable of variables) expect(service('nats').environment?.[variable], variable).toBeDefined();
  });

  it('starts the services one after another in DEPLOYED_SERVICES order, then the gateway', () => {
    for (const [index, name] of DEPLOYED_SERVICES.entries()) {
      const previous = DEPLOYED_SERVICES[index - 1];
      if (previous) expect(service(name).depends_on?.[previous]?.condition).toBe('service_healthy');
      expect(service('gateway').depends_on?.[name]?.condition).toBe('service_healthy');
      expect(service('gateway').environment?.[serviceUrlVariable(name)]).toBe(`http://${name}:8080`);
    }
    expect(service('gateway').environment?.NATS_USER).toBe('gateway');
  });

  it('takes every third-party image from a variable whose default is the official image', () => {
    for (const [name, entry] of Object.entries(compose.services)) {
      if (entry.build) continue;
      expect(entry.image, name).toMatch(/^\$\{[A-Z_]+_IMAGE:-[a-z0-9./-]+:[\w.-]+\}$/);
    }
  });

  it('checks the health of every long-running container without a profile', () => {
    const longRunning = Object.entries(compose.services).filter(
      ([, entry]) => !entry.profiles && !entry.command?.includes('--migrate-only'),
    );
    for (const [name, entry] of longRunning) {
      // the Labline images declare their HEALTHCHECK (deploy/docker/Dockerfile)
      if (!entry.build) expect(entry.healthcheck, name).toBeDefined();
    }
  });
});
