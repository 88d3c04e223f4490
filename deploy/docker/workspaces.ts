/**
 * The workspace bookkeeping of deploy/docker/Dockerfile, run by plain Node (type stripping: no tsx in the image
 * stages that need it, hence no relative imports and erasable syntax only):
 *   manifests <root> <dest>         the root's and every workspace's package.json without scripts, the lock file
 *                                   and .npmrc: all the installs depend on, so a new script invalidates none
 *   collect <root> <out>            every workspace's package.json, dist/ and migrations/ into <out>
 *   trim <root> <package>           the manifests cut down to <package> and the @labline libraries it depends on,
 *                                   without dev dependencies, for `npm ci --omit=dev` of just those
 *   assemble <out> <package> <dest> that compiled tree into <dest>, `exports` pointing at dist/*.js
 * The manifests in the repository stay as they are: dev and tests run the sources (`exports` → src/*.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  exports?: Record<string, string>;
  [field: string]: unknown;
}

/** What an image carries of a workspace besides package.json. */
const SHIPPED = ['dist', 'migrations'];
/** Built files another workspace's image serves: the gateway serves the web app. */
const ASSETS: Record<string, string[]> = { gateway: ['web/dist'] };

const readManifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;
const writeManifest = (file: string, manifest: Manifest) =>
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);

/** The workspace folders of the root package.json (`libs/*` expanded), relative to root. */
export function workspaceDirs(root: string): string[] {
  const patterns = readManifest(path.join(root, 'package.json')).workspaces ?? [];
  return patterns
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
        : [pattern],
    )
    .filter((dir) => existsSync(path.join(root, dir, 'package.json')));
}

/** `@labline/x` and `@labline/x/sub` → the absolute source file its `exports` name, for TypeScript's `paths`. */
export function exportPaths(root: string, dirs: readonly string[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const dir of dirs) {
    const manifest = readManifest(path.join(root, dir, 'package.json'));
    for (const [key, target] of Object.entries(manifest.exports ?? {})) {
      paths[key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`] = [path.join(root, dir, target)];
    }
  }
  return paths;
}

/** <package> and every workspace it depends on at run time, transitively (dev dependencies are not followed). */
export function closureOf(root: string, dirs: readonly string[], packageDir: string): string[] {
  const byName = new Map(dirs.map((dir) => [readManifest(path.join(root, dir, 'package.json')).name, dir]));
  if (!dirs.includes(packageDir)) throw new Error(`${packageDir} is not a workspace (${dirs.join(', ')})`);
  const found = new Set<string>();
  const visit = (dir: string) => {
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = readManifest(path.join(root, dir, 'package.json'));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency);
    }
  };
  visit(packageDir);
  return [...found].sort();
}

function withoutDevelopment(manifest: Manifest): Manifest {
  const { devDependencies: _dev, scripts: _scripts, ...rest } = manifest;
  return rest;
}

/** `./src/a.ts` → `./dist/a.js`; entries whose compiled file is missing (test helpers) are dropped. */
function compiledExports(dir: string, exports: Record<string, string>): Record<string, string> {
  const compiled: Record<string, string> = {};
  for (const [key, target] of Object.entries(exports)) {
    if (typeof target !== 'string') throw new Error(`${dir}: only plain string exports are supported (${key})`);
    const javascript = target.replace(/^\.\/src\/(.+)\.ts$/, './dist/$1.js');
    if (existsSync(path.join(dir, javascript))) compiled[key] = javascript;
  }
  return compiled;
}

function manifests(root: string, destination: string): void {
  for (const dir of ['.', ...workspaceDirs(root)]) {
    const { scripts: _scripts, ...manifest } = readManifest(path.join(root, dir, 'package.json'));
    mkdirSync(path.join(destination, dir), { recursive: true });
    writeManifest(path.join(destination, dir, 'package.json'), manifest);
  }
  for (const file of ['package-lock.json', '.npmrc']) {
    if (existsSync(path.join(root, file))) cpSync(path.join(root, file), path.join(destination, file));
  }
}

function collect(root: string, out: string): void {
  for (const dir of workspaceDirs(root)) {
    cpSync(path.join(root, dir, 'package.json'), path.join(out, dir, 'package.json'));
    for (const shipped of SHIPPED) {
      const from = path.join(root, dir, shipped);
      if (existsSync(from)) cpSync(from, path.join(out, dir, shipped), { recursive: true });
    }
  }
  cpSync(path.join(root, 'package.json'), path.join(out, 'package.json'));
}

function trim(root: string, packageDir: string): void {
  const dirs = workspaceDirs(root);
  const kept = closureOf(root, dirs, packageDir);
  const rootManifest = readManifest(path.join(root, 'package.json'));
  writeManifest(path.join(root, 'package.json'), { ...withoutDevelopment(rootManifest), workspaces: kept });
  for (const dir of dirs) {
    const file = path.join(root, dir, 'package.json');
    if (kept.includes(dir)) writeManifest(file, withoutDevelopment(readManifest(file)));
    // the manifest only: a workspace may sit inside another (deploy/sandboxes/sms in deploy), which must stay
    else rmSync(file);
  }
}

function assemble(out: string, packageDir: string, destination: string): void {
  const dirs = workspaceDirs(out);
  for (const dir of closureOf(out, dirs, packageDir)) {
    const from = path.join(out, dir);
    for (const shipped of SHIPPED) {
      if (existsSync(path.join(from, shipped))) {
        cpSync(path.join(from, shipped), path.join(destination, dir, shipped), { recursive: true });
      }
    }
    const manifest = withoutDevelopment(readManifest(path.join(from, 'package.json')));
    if (manifest.exports) manifest.exports = compiledExports(from, manifest.exports);
    writeManifest(path.join(destination, dir, 'package.json'), manifest);
  }
  if (!existsSync(path.join(destination, packageDir, 'dist', 'main.js'))) {
    throw new Error(`${packageDir} has no dist/main.js: is it a workspace with src/main.ts?`);
  }
  for (const asset of ASSETS[packageDir] ?? []) {
    if (!existsSync(path.join(out, asset))) throw new Error(`${packageDir} serves ${asset}, which was not built`);
    cpSync(path.join(out, asset), path.join(destination, asset), { recursive: true });
  }
}

const [command, ...args] = process.argv.slice(2);
const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const [first = '', second = '', third = ''] = args;
  if (command === 'manifests' && first && second) manifests(first, second);
  else if (command === 'collect' && first && second) collect(first, second);
  else if (command === 'trim' && first && second) trim(first, second);
  else if (command === 'assemble' && first && second && third) assemble(first, second, third);
  else {
    console.error(
      'usage: workspaces.ts manifests <root> <dest> | collect <root> <out> | trim <root> <package> | ' +
        'assemble <out> <package> <dest>',
    );
    process.exit(2);
  }
}
