/**
 * The images' compile step (deploy/docker/Dockerfile, build stage; `tsx deploy/docker/compile.ts [root]`):
 * type-checks the runtime code of every deployable workspace (one with `src/main.ts`) and of the libraries it
 * imports, and emits it as JavaScript with source maps into `<workspace>/dist`, mirroring `src`. Only what the
 * entry points reach is emitted: tests and test helpers never get into an image.
 *
 * Node runs the output without a loader, so the relative imports, which the sources write without an extension
 * (moduleResolution Bundler, as tsx and Vite resolve them), get theirs here: `./service` → `./service.js`,
 * `./domain` → `./domain/index.js`. Dev and tests keep running the sources; nothing in the tree changes.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { exportPaths, workspaceDirs } from './workspaces';

const root = path.resolve(process.argv[2] ?? process.cwd());
const workspaces = workspaceDirs(root);
const entries = workspaces.map((dir) => path.join(root, dir, 'src', 'main.ts')).filter((entry) => existsSync(entry));
if (entries.length === 0) throw new Error(`no workspace with src/main.ts under ${root}`);

const configFile = path.join(root, 'tsconfig.base.json');
const { config, error } = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configFile);
const options: ts.CompilerOptions = {
  ...parsed.options,
  noEmit: false,
  declaration: false,
  sourceMap: true,
  // The sources are not in the image: the maps carry them, for stack traces in TypeScript terms.
  inlineSources: true,
  // @labline/* resolved by name to the sources, not through node_modules: files found there count as external
  // libraries, which TypeScript checks but never emits.
  paths: exportPaths(root, workspaces),
};

/** `./service` as Node needs it: the file it names with `.js`, or the folder's `index.js`. */
function withExtension(fromFile: string, specifier: string): string {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return specifier;
  if (/\.(?:js|mjs|cjs|json)$/.test(specifier)) return specifier;
  const target = path.resolve(path.dirname(fromFile), specifier);
  if (existsSync(`${target}.ts`)) return `${specifier}.js`;
  if (existsSync(path.join(target, 'index.ts'))) return `${specifier}/index.js`;
  throw new Error(`${path.relative(root, fromFile)}: cannot resolve ${specifier}`);
}

/** Runs after TypeScript's own transforms, on the JavaScript it emits: static and dynamic imports, re-exports. */
const addExtensions: ts.TransformerFactory<ts.SourceFile> = (context) => (sourceFile) => {
  const { factory } = context;
  const rewrite = (specifier: ts.Expression) =>
    ts.isStringLiteral(specifier)
      ? factory.createStringLiteral(withExtension(sourceFile.fileName, specifier.text))
      : specifier;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      const specifier = rewrite(node.moduleSpecifier);
      return factory.updateImportDeclaration(node, node.modifiers, node.importClause, specifier, node.attributes);
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const specifier = rewrite(node.moduleSpecifier);
      return factory.updateExportDeclaration(
        node,
        node.modifiers,
        node.isTypeOnly,
        node.exportClause,
        specifier,
        node.attributes,
      );
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier, ...rest] = node.arguments;
      if (specifier)
        return factory.updateCallExpression(node, node.expression, undefined, [rewrite(specifier), ...rest]);
    }
    return ts.visitEachChild(node, visit, context);
  };
  return ts.visitEachChild(sourceFile, visit, context);
};

/** `<root>/<workspace>/src/a/b.js` → `<root>/<workspace>/dist/a/b.js`. */
function distPathOf(emitted: string): string {
  for (const dir of workspaces) {
    const source = path.join(root, dir, 'src') + path.sep;
    if (emitted.startsWith(source)) return path.join(root, dir, 'dist', emitted.slice(source.length));
  }
  throw new Error(`emitted outside a workspace's src/: ${emitted}`);
}

const program = ts.createProgram({ rootNames: entries, options });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}

let written = 0;
const result = program.emit(
  undefined,
  (fileName, text, _bom, _onError, sourceFiles) => {
    const target = distPathOf(fileName);
    let content = text;
    if (target.endsWith('.map')) {
      // The map sat beside its source when TypeScript wrote it; it now sits in dist/, so its path changes.
      const map = JSON.parse(text) as { sources: string[] };
      const source = sourceFiles?.[0]?.fileName;
      if (source) map.sources = [path.relative(path.dirname(target), source)];
      content = JSON.stringify(map);
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    written += 1;
  },
  undefined,
  false,
  { after: [addExtensions] },
);
if (result.emitSkipped) throw new Error('TypeScript skipped the emit');
console.log(
  `compiled ${entries.map((entry) => path.relative(root, entry)).join(', ')} and their libraries: ${written} files`,
);
