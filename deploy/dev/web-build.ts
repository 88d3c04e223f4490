import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './process';

const WEB = path.join(ROOT, 'web');
export const WEB_DIST = path.join(WEB, 'dist');

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    const time = entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

/** Builds web/dist when it is missing or older than the web sources or the shared contracts. */
export function ensureWebBuild(log: (line: string) => void): void {
  const index = path.join(WEB_DIST, 'index.html');
  const sources = [path.join(WEB, 'src'), path.join(ROOT, 'libs/contracts/src')];
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const stale = sources.some((dir) => existsSync(dir) && newestSourceTime(dir) > built);
  if (!stale && built > 0) return;
  log('building the web app (vite build)...');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
  });
}
