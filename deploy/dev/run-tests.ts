/**
 * `npm test`: type-check, lint, build the web app, then every test in one Vitest run with coverage (projects
 * `unit` `*.test.ts`, `int` `*.int.test.ts` against real Postgres and NATS, `e2e` `web/e2e/*.e2e.ts` in headless
 * Chromium; see vitest.config.ts), so the closing summary counts them all. `--only unit|int|e2e` runs one project
 * without the checks and the coverage report.
 *
 * At the end (also after a failure) it prints a timings table: the wall time of each phase, each Vitest project's
 * span and summed file time, and the ten slowest test files; the same goes to `.labline/test-timings.json`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROOT } from './process';
import { FILE_TIMINGS_PATH, fileTimingsSchema, type FileTiming } from './timings-reporter';
import { ensureWebBuild } from './web-build';

const PROJECTS = ['unit', 'int', 'e2e'] as const;
const TIMINGS_PATH = path.join(ROOT, '.labline/test-timings.json');
/** Written by deploy/ensure-install.cjs, which npm runs before this script (`pretest`). */
const INSTALL_CHECK_PATH = path.join(ROOT, '.labline/install-check.json');

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

interface Phase {
  name: string;
  seconds: number;
  ok: boolean;
  /** For a Vitest project: the summed time of its files (they run two at a time, beside the other projects'). */
  fileSeconds?: number;
  files?: number;
  tests?: number;
}
const phases: Phase[] = [];
const startedAt = Date.now();
const seconds = (ms: number) => Math.round(ms / 100) / 10;

function command(name: string, file: string, commandArgs: string[]): Promise<Phase> {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(file, commandArgs, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve({ name, seconds: seconds(Date.now() - began), ok: false });
    });
    child.on('exit', (code) => resolve({ name, seconds: seconds(Date.now() - began), ok: code === 0 }));
  });
}

/** Runs the steps side by side (each prints as it goes), records each as a phase, and stops at a failure. */
async function run(title: string, steps: [string, string, string[]][]): Promise<void> {
  console.log(`\n== ${title}`);
  const done = await Promise.all(steps.map(([name, file, stepArgs]) => command(name, file, stepArgs)));
  phases.push(...done);
  const failed = done.filter((phase) => !phase.ok);
  if (failed.length > 0) finish(`${failed.map((phase) => phase.name).join(', ')} failed.`);
}

function timed(name: string, work: () => void): void {
  const began = Date.now();
  try {
    work();
    phases.push({ name, seconds: seconds(Date.now() - began), ok: true });
  } catch (error) {
    phases.push({ name, seconds: seconds(Date.now() - began), ok: false });
    finish(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const installCheckSchema = z.object({ ms: z.number(), installed: z.boolean(), at: z.number() });

function installPhase(): Phase | undefined {
  if (!existsSync(INSTALL_CHECK_PATH)) return undefined;
  const check = installCheckSchema.safeParse(JSON.parse(readFileSync(INSTALL_CHECK_PATH, 'utf8')));
  // Only this run's: npm ran the check just before this script.
  if (!check.success || startedAt - check.data.at > 60_000) return undefined;
  return {
    name: check.data.installed ? 'install check (npm ci)' : 'install check',
    seconds: seconds(check.data.ms),
    ok: true,
  };
}

function projectPhases(files: FileTiming[]): Phase[] {
  return PROJECTS.flatMap((project) => {
    const own = files.filter((file) => file.project === project);
    if (own.length === 0) return [];
    const span = Math.max(...own.map((file) => file.endedAt)) - Math.min(...own.map((file) => file.startedAt));
    const sum = own.reduce((total, file) => total + (file.endedAt - file.startedAt), 0);
    return [
      {
        name: `  ${project}`,
        seconds: seconds(span),
        fileSeconds: seconds(sum),
        files: own.length,
        tests: own.reduce((total, file) => total + file.tests, 0),
        ok: own.every((file) => file.state === 'passed' || file.state === 'skipped'),
      },
    ];
  });
}

function finish(failure?: string): never {
  const files = existsSync(FILE_TIMINGS_PATH)
    ? fileTimingsSchema.parse(JSON.parse(readFileSync(FILE_TIMINGS_PATH, 'utf8')))
    : [];
  const install = installPhase();
  const all = [...(install ? [install] : []), ...phases];
  const vitestIndex = all.findIndex((phase) => phase.name.startsWith('tests'));
  const table =
    vitestIndex === -1
      ? all
      : [...all.slice(0, vitestIndex + 1), ...projectPhases(files), ...all.slice(vitestIndex + 1)];
  const slowest = [...files]
    .sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt))
    .slice(0, 10)
    .map((file) => ({
      file: file.file,
      project: file.project,
      seconds: seconds(file.endedAt - file.startedAt),
      tests: file.tests,
    }));
  const total = seconds(Date.now() - startedAt + (install?.seconds ?? 0) * 1000);

  const lines = [
    '',
    '== timings (wall time, seconds)',
    ...table.map((phase) => {
      const extra =
        phase.fileSeconds === undefined
          ? ''
          : `  (${phase.files} files, ${phase.tests} tests, ${phase.fileSeconds} s of file time; the projects run side by side)`;
      return `${phase.name.padEnd(40)} ${String(phase.seconds).padStart(7)}${phase.ok ? '' : '  FAILED'}${extra}`;
    }),
    `${'total'.padEnd(40)} ${String(total).padStart(7)}`,
    '',
    '== the ten slowest test files',
    ...slowest.map(
      (file) => `${String(file.seconds).padStart(7)}  ${file.project.padEnd(4)}  ${file.file} (${file.tests} tests)`,
    ),
  ];
  console.log(lines.join('\n'));
  mkdirSync(path.dirname(TIMINGS_PATH), { recursive: true });
  writeFileSync(
    TIMINGS_PATH,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), ok: failure === undefined, total, phases: table, slowest }, null, 2)}\n`,
  );
  if (failure !== undefined) {
    console.error(`\n${failure}`);
    process.exit(1);
  }
  process.exit(0);
}

rmSync(FILE_TIMINGS_PATH, { force: true });
if (only === undefined) {
  // The checks are independent: on two cores the type-checks and the linters overlap each other's waits.
  await run('type-check and lint', [
    ['type-check', bin('tsc'), ['-p', 'tsconfig.json']],
    ['type-check web', bin('tsc'), ['-p', 'web/tsconfig.json']],
  ]);
  await run('lint and format', [
    ['lint', bin('eslint'), ['.']],
    ['format', bin('prettier'), ['--check', '.']],
  ]);
}
if (only === undefined || only === 'e2e') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Browser tests need Chromium at ${chromium} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  timed('web build', () => ensureWebBuild((line) => console.log(line)));
}
// The projects by name: vitest.config.ts also declares `deploy` (npm run test:deploy), which needs Docker.
await run(only === undefined ? 'tests (unit, int, e2e) with coverage' : `tests (${only})`, [
  [
    only === undefined ? 'tests (unit, int, e2e)' : `tests (${only})`,
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      `--reporter=${path.join(ROOT, 'deploy/dev/timings-reporter.ts')}`,
      ...(only === undefined
        ? ['--coverage', ...PROJECTS.flatMap((project) => ['--project', project])]
        : ['--project', only]),
      ...vitestArgs,
    ],
  ],
]);
finish();
