/**
 * The built web app for the dev runner, the tests and the benchmark. Several of them may run at once (two test
 * files, `npm start` beside a test run, a helper's browser test): a build written in place would pull files
 * from under a gateway that is serving them. So each build goes to a directory of its own under
 * `.labline/web-builds/`, `web/dist` is a symbolic link to the newest complete one (swapped by an atomic rename),
 * and a stack serves the build it started with, by its real path, until it stops.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { ROOT } from './process';

const WEB = path.join(ROOT, 'web');
/** The newest complete build (a symbolic link into BUILDS). */
export const WEB_DIST = path.join(WEB, 'dist');
const BUILDS = path.join(ROOT, '.labline/web-builds');
/** Builds kept besides the newest, for stacks still serving them. */
const KEEP_OLDER_BUILDS = 4;
/** An older build is removed only when it is at least this old: a stack that long-lived restarts its web. */
const KEEP_OLDER_MS = 3 * 60 * 60 * 1000;

function newestSourceTime(source: string): number {
  if (statSync(source).isFile()) return statSync(source).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const full = path.join(source, entry.name);
    const time = entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

/** Points web/dist at `build`: a new link beside it, renamed over the old one (rename replaces atomically). */
function publish(build: string): void {
  const next = `${WEB_DIST}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(path.relative(WEB, build), next, 'dir');
  // A web/dist left by an older runner, or by `npm run build:web`, is a real directory: moved aside once.
  if (existsSync(WEB_DIST) && !lstatSync(WEB_DIST).isSymbolicLink()) {
    renameSync(WEB_DIST, path.join(BUILDS, `previous-${Date.now()}`));
  }
  renameSync(next, WEB_DIST);
}

/** Removes builds beyond the newest few that are also old enough that no stack still serves them. */
function pruneBuilds(current: string): void {
  const builds = readdirSync(BUILDS)
    .map((name) => path.join(BUILDS, name))
    .filter((full) => full !== current)
    .map((full) => ({ full, time: statSync(full).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { full, time } of builds.slice(KEEP_OLDER_BUILDS)) {
    if (Date.now() - time > KEEP_OLDER_MS) rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The directory of a web build as new as the web sources and the shared contracts: the current one, or a new
 * one built beside it and published as web/dist. Serve the returned real path, not web/dist, so that a later
 * build cannot change what a running gateway serves.
 */
export function ensureWebBuild(log: (line: string) => void): string {
  const index = path.join(WEB_DIST, 'index.html');
  // the app, the contracts it imports, and how it is built (Vite's configuration and its plugins)
  const sources = [
    path.join(WEB, 'src'),
    path.join(ROOT, 'libs/contracts/src'),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(WEB, 'build'),
  ];
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const stale = sources.some((source) => existsSync(source) && newestSourceTime(source) > built);
  if (!stale && built > 0) return realpathSync(WEB_DIST);
  log('building the web app (vite build)...');
  mkdirSync(BUILDS, { recursive: true });
  const build = path.join(BUILDS, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      build,
      '--emptyOutDir',
    ],
    // A production build whoever runs it: under Vitest NODE_ENV is 'test', and Vite would build React's
    // development code into the app (twice the bytes, slower pages) for the browser tests and the benchmark.
    { cwd: WEB, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  publish(build);
  pruneBuilds(build);
  return build;
}
