/**
 * `npm run test:flaky -- <files> [--times N] [--project e2e|int|unit]`: runs the chosen test files N times (5 by
 * default), each time in a fresh Vitest run (fresh systems, fresh databases), and reports every failure with its
 * output, then a count of runs and failures per file. It never retries a test: it is for finding flakes, not
 * hiding them. Exits non-zero when any run failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './process';
import { FILE_TIMINGS_PATH, fileTimingsSchema } from './timings-reporter';
import { ensureWebBuild } from './web-build';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args.splice(index, 2)[1];
};
const times = Number(option('--times') ?? '5');
const project = option('--project');
const files = args;
if (!Number.isInteger(times) || times < 1 || files.length === 0) {
  console.error('usage: npm run test:flaky -- <test files...> [--times N] [--project unit|int|e2e]');
  process.exit(2);
}
if (files.some((file) => file.endsWith('.e2e.ts'))) ensureWebBuild((line) => console.log(line));

const LOG_DIR = path.join(ROOT, '.labline/flaky');
mkdirSync(LOG_DIR, { recursive: true });

interface Run {
  run: number;
  ok: boolean;
  seconds: number;
  log: string;
  failedFiles: string[];
}

function runOnce(run: number): Promise<Run> {
  const began = Date.now();
  const log = path.join(LOG_DIR, `run-${run}.log`);
  const vitestArgs = [
    'run',
    '--reporter=default',
    `--reporter=${path.join(ROOT, 'deploy/dev/timings-reporter.ts')}`,
    ...(project === undefined ? [] : ['--project', project]),
    ...files,
  ];
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/vitest'), vitestArgs, {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      writeFileSync(log, output);
      let failedFiles: string[] = [];
      try {
        failedFiles = fileTimingsSchema
          .parse(JSON.parse(readFileSync(FILE_TIMINGS_PATH, 'utf8')))
          .filter((file) => file.state === 'failed')
          .map((file) => file.file);
      } catch {
        failedFiles = ['(no timings written: the run did not finish)'];
      }
      if (code !== 0 && failedFiles.length === 0) failedFiles = ['(the run failed outside the files)'];
      resolve({ run, ok: code === 0, seconds: Math.round((Date.now() - began) / 1000), log, failedFiles });
    });
  });
}

const runs: Run[] = [];
for (let run = 1; run <= times; run += 1) {
  const result = await runOnce(run);
  runs.push(result);
  console.log(`run ${run}/${times}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds} s (${result.log})`);
  if (!result.ok) {
    // The failures as Vitest reported them: from its failed-tests section to the summary.
    const output = readFileSync(result.log, 'utf8');
    const start = output.search(/Failed Tests|Failed Suites/);
    console.log(output.slice(start === -1 ? Math.max(0, output.length - 4000) : start));
  }
}

console.log('\n== flaky run summary');
for (const file of files) {
  const failures = runs.filter((run) => run.failedFiles.some((failed) => failed.endsWith(file.replace(/^\.\//, ''))));
  console.log(
    `${file}: ${times} runs, ${failures.length} failed${failures.length > 0 ? ` (runs ${failures.map((run) => run.run).join(', ')})` : ''}`,
  );
}
const other = runs.filter((run) => run.failedFiles.some((failed) => failed.startsWith('(')));
if (other.length > 0) console.log(`runs that failed outside the files: ${other.map((run) => run.run).join(', ')}`);
process.exit(runs.every((run) => run.ok) ? 0 : 1);
