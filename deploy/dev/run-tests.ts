/**
 * `npm test`: type-check, lint, build the web app, then every test in one node:test run (unit `*.test.ts`,
 * integration `*.int.test.ts` against real Postgres and NATS, browser `web/e2e/*.e2e.ts` in headless
 * Chromium), so the closing summary counts them all. `--only unit|int|e2e` narrows the run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './process';
import { ensureWebBuild } from './web-build';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

function run(label: string, command: string, args: string[]): void {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

const ignore = ['**/node_modules/**', '**/dist/**', '.labline/**'];
const all = globSync(
  [
    'libs/*/src/**/*.test.ts',
    'services/*/**/*.test.ts',
    'gateway/**/*.test.ts',
    'web/src/**/*.test.ts',
    // tests spanning several packages (identity and the gateway, say), owned by none of them
    'tests/**/*.test.ts',
  ],
  {
    cwd: ROOT,
    exclude: (name) => ignore.some((pattern) => path.matchesGlob(name, pattern)),
  },
).sort();
const unit = all.filter((file) => !file.endsWith('.int.test.ts'));
const integration = all.filter((file) => file.endsWith('.int.test.ts'));
const browser = globSync('web/e2e/**/*.e2e.ts', { cwd: ROOT }).sort();

const files =
  only === 'unit'
    ? unit
    : only === 'int'
      ? integration
      : only === 'e2e'
        ? browser
        : [...unit, ...integration, ...browser];

if (!only) {
  run('type-check', bin('tsc'), ['-p', 'tsconfig.json']);
  run('type-check web', bin('tsc'), ['-p', 'web/tsconfig.json']);
  run('lint', bin('eslint'), ['.']);
  run('format', bin('prettier'), ['--check', '.']);
}
if (files.some((file) => file.endsWith('.e2e.ts'))) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Browser tests need Chromium at ${chromium} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  ensureWebBuild((line) => console.log(line));
}
console.log(`\n== tests: ${unit.length} unit, ${integration.length} integration, ${browser.length} browser files`);
run('tests', process.execPath, [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=2',
  '--test-timeout=300000',
  ...files,
]);
