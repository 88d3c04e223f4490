/**
 * `npm test`: type-check, lint, build the web app, then every test in one Vitest run with coverage (projects
 * `unit` `*.test.ts`, `int` `*.int.test.ts` against real Postgres and NATS, `e2e` `web/e2e/*.e2e.ts` in headless
 * Chromium; see vitest.config.ts), so the closing summary counts them all. `--only unit|int|e2e` runs one project
 * without the checks and the coverage report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './process';
import { ensureWebBuild } from './web-build';

const PROJECTS = ['unit', 'int', 'e2e'] as const;
const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex === -1 ? undefined : args[onlyIndex + 1];
/** Anything else is for Vitest: file filters (`npm run test:unit -- libs/contracts`), `-t <name>` and the like. */
const vitestArgs = onlyIndex === -1 ? args : args.filter((_, index) => index !== onlyIndex && index !== onlyIndex + 1);
if (only !== undefined && !PROJECTS.includes(only as (typeof PROJECTS)[number])) {
  console.error(`--only takes one of ${PROJECTS.join(', ')}; got ${only ?? 'nothing'}.`);
  process.exit(2);
}
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

function run(label: string, command: string, args: string[]): void {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (only === undefined) {
  run('type-check', bin('tsc'), ['-p', 'tsconfig.json']);
  run('type-check web', bin('tsc'), ['-p', 'web/tsconfig.json']);
  run('lint', bin('eslint'), ['.']);
  run('format', bin('prettier'), ['--check', '.']);
}
if (only === undefined || only === 'e2e') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Browser tests need Chromium at ${chromium} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  ensureWebBuild((line) => console.log(line));
}
// The projects by name: vitest.config.ts also declares `deploy` (npm run test:deploy), which needs Docker.
run(only === undefined ? 'tests (unit, int, e2e) with coverage' : `tests (${only})`, bin('vitest'), [
  'run',
  ...(only === undefined
    ? ['--coverage', ...PROJECTS.flatMap((project) => ['--project', project])]
    : ['--project', only]),
  ...vitestArgs,
]);
