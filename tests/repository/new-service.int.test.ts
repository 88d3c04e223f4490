/**
 * A new service is its folder, its contracts and three edits (README "Adding a service"): `npm run new-service`
 * writes a throw-away copy of the next planned service (one of `SERVICES` not yet deployed) from the template into a temporary copy of the working tree, and the
 * repository's checks pass there with it: the service list, docker-compose.yml (`docker-compose config` and its
 * test), the Kubernetes manifests (`npm run k8s:validate`), its route contracts (ROUTE_CONTRACT_TESTS and its own
 * coverage test), its projections owning their tables (PROJECTION_TABLES_TEST), and the new service's type-check,
 * lint and formatting. The copy's node_modules links the repository's packages, its
 * @labline workspaces the copy's own, as `npm install` would.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEPLOYED_SERVICES, SERVICES } from '@labline/contracts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
/**
 * The first service of the spec not built yet, or a made-up one once every service is built (it joins SERVICES in
 * the copy): the generator writes it as a new service would be written.
 */
const NAME = SERVICES.find((name) => !(DEPLOYED_SERVICES as readonly string[]).includes(name)) ?? 'specimens';

/**
 * The unit tests of the route contracts, run in the copy with the new service's contracts in them: the
 * authorization matrix (a row for every contract and no other) and the gateway's route table derived from the
 * contracts (a row per route, the planned services' prefixes, the built services the deployed ones). The gateway's
 * policy.test.ts is not among them: its cases for the planned screens' paths (/api/fulfillment, /api/results) are
 * the spec's, which the real service's contracts declare and the template's one status route does not.
 */
const ROUTE_CONTRACT_TESTS = ['libs/contracts/src/routes/authorization-matrix.test.ts', 'gateway/src/routes.test.ts'];
/** The new service's own check, from the template: its app's routes against its contracts (contractCoverage). */
const COVERAGE_TEST = `services/${NAME}/test/route-contracts.int.test.ts`;
/** Every listed service's projections own their tables: the new one's `items` too. */
const PROJECTION_TABLES_TEST = 'tests/repository/projection-tables.int.test.ts';

/** The files of the working tree that git would commit (tracked and not ignored), without deleted ones. */
async function workingTreeFiles(): Promise<string[]> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
}

const packageNameSchema = z.object({ name: z.string() });

/** node_modules as npm would lay it out for the copy: the installed packages, and the copy's own workspaces. */
function linkNodeModules(copy: string): void {
  const modules = path.join(copy, 'node_modules');
  mkdirSync(path.join(modules, '@labline'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@labline') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  if (existsSync(path.join(ROOT, 'web/node_modules'))) {
    symlinkSync(path.join(ROOT, 'web/node_modules'), path.join(copy, 'web/node_modules'));
  }
  linkWorkspaces(copy);
}

/** node_modules/@labline/<name>: every workspace of the copy not linked yet. */
function linkWorkspaces(copy: string): void {
  for (const workspace of workspaceFolders(copy)) {
    const manifest = readFileSync(path.join(copy, workspace, 'package.json'), 'utf8');
    const link = path.join(copy, 'node_modules', packageNameSchema.parse(JSON.parse(manifest)).name);
    if (!existsSync(link)) symlinkSync(path.join(copy, workspace), link);
  }
}

/** The folders with a package.json under the workspace globs of the root package.json. */
function workspaceFolders(copy: string): string[] {
  const { workspaces } = z
    .object({ workspaces: z.array(z.string()) })
    .parse(JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8')));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(copy, parent))
      .map((entry) => `${parent}/${entry}`)
      .filter((folder) => existsSync(path.join(copy, folder, 'package.json')));
  });
}

let copy: string;
let written: { created: string[]; edited: string[] };

/** Runs a command in the copy with the repository's tools (Node 24, tsx, vitest) first on the PATH. */
const inCopy = (command: string, args: readonly string[]) =>
  run(command, args, {
    cwd: copy,
    env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: unknown) => {
    const output = z.object({ stdout: z.string(), stderr: z.string() }).safeParse(error);
    throw new Error(
      `${command} ${args.join(' ')} failed:\n${output.success ? `${output.data.stdout}\n${output.data.stderr}` : String(error)}`,
    );
  });

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'labline-new-service-'));
  for (const file of await workingTreeFiles()) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(copy, file));
  }
  linkNodeModules(copy);
  const { stdout } = await inCopy(path.join(BIN, 'tsx'), ['deploy/template/new-service.ts', NAME]);
  written = {
    created: [...stdout.matchAll(/^ {2}created (\S+)$/gm)].map((match) => match[1]!),
    edited: [...stdout.matchAll(/^ {2}edited {2}(\S+)$/gm)].map((match) => match[1]!),
  };
  // What `npm install` does next: the new service is a workspace too.
  linkWorkspaces(copy);
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe(`a new service (${NAME}) from the template`, () => {
  it('is its folder, its contracts and three edits outside them', () => {
    expect(written.edited.filter((file) => file.startsWith('libs/contracts/src/routes/')).sort()).toEqual([
      'libs/contracts/src/routes/authorization-matrix.test.ts',
      'libs/contracts/src/routes/contracts.ts',
      'libs/contracts/src/routes/paths.ts',
    ]);
    const outside = written.edited.filter((file) => !file.startsWith('libs/contracts/'));
    expect(outside.sort()).toEqual(['docker-compose.yml', 'k8s/base/kustomization.yaml', 'k8s/base/nats/auth.conf']);
    expect(written.created.filter((file) => !file.startsWith(`services/${NAME}/`))).toEqual([
      `libs/contracts/src/events/${NAME}.ts`,
    ]);
    // README "Adding a service" states the count.
    const folder = written.created.filter((file) => file.startsWith(`services/${NAME}/`));
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`${folder.length} files in its folder`);
  });

  it('passes the service list and the compose checks', async () => {
    await inCopy(path.join(BIN, 'vitest'), [
      'run',
      '--project',
      'unit',
      'tests/repository/service-list.test.ts',
      'tests/deploy/compose.test.ts',
    ]);
    await inCopy('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q']);
  });

  it('passes npm run k8s:validate, with its Deployment, Job and the gateway knowing it', async () => {
    const { stdout } = await inCopy(path.join(BIN, 'tsx'), ['deploy/k8s/validate.ts', '--json']);
    const report = z
      .object({
        results: z.array(z.object({ name: z.string(), problems: z.array(z.unknown()), error: z.string().optional() })),
      })
      .parse(JSON.parse(stdout));
    expect(report.results.map(({ name, problems, error }) => ({ name, problems, error }))).toEqual([
      { name: 'dev', problems: [], error: undefined },
      { name: 'prod', problems: [], error: undefined },
    ]);
  });

  it('replaces its planned prefixes with its route contracts', () => {
    const paths = readFileSync(path.join(copy, 'libs/contracts/src/routes/paths.ts'), 'utf8');
    expect(paths).not.toContain(`service: '${NAME}'`);
    expect(paths).toContain(`  ${NAME}: ${NAME.toUpperCase()}_ROUTES,\n`);
  });

  it('passes the route-contract checks: the matrix, the gateway table and its own coverage test', async () => {
    for (const file of [...ROUTE_CONTRACT_TESTS, COVERAGE_TEST])
      expect(existsSync(path.join(copy, file)), file).toBe(true);
    await inCopy(path.join(BIN, 'vitest'), ['run', '--project', 'unit', ...ROUTE_CONTRACT_TESTS]);
    await inCopy(path.join(BIN, 'vitest'), ['run', '--project', 'int', COVERAGE_TEST]);
  });

  it('has projections that own their tables, and a migration that creates none of them', async () => {
    const { stdout } = await inCopy(path.join(BIN, 'vitest'), [
      'run',
      '--project',
      'int',
      '--reporter=verbose',
      PROJECTION_TABLES_TEST,
    ]);
    expect(stdout).toContain(`the projections of ${NAME}`);
  });

  it('type-checks, lints and is formatted', async () => {
    writeFileSync(
      path.join(copy, 'tsconfig.new-service.json'),
      JSON.stringify({
        extends: './tsconfig.base.json',
        include: [
          `services/${NAME}/src/**/*.ts`,
          `services/${NAME}/test/**/*.ts`,
          `libs/contracts/src/events/${NAME}.ts`,
          'libs/contracts/src/routes/*.ts',
        ],
      }),
    );
    const files = [...written.created, ...written.edited].filter((file) => /\.(ts|json|ya?ml)$/.test(file));
    await Promise.all([
      inCopy(path.join(BIN, 'tsc'), ['-p', 'tsconfig.new-service.json']),
      inCopy(path.join(BIN, 'eslint'), [
        `services/${NAME}`,
        `libs/contracts/src/events/${NAME}.ts`,
        'libs/contracts/src/routes',
      ]),
      inCopy(path.join(BIN, 'prettier'), ['--check', ...files]),
    ]);
  });
});
