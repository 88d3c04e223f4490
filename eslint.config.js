// One lint setup for the whole tree: typescript-eslint's recommended rules everywhere, React hooks rules in web/,
// and the package boundaries (docs/architecture.md §13: libs → services → gateway, the web on contracts alone) enforced
// with `no-restricted-imports` per file glob.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---- The workspace's packages, read from the package.json files so the rules follow the tree ----

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const workspaceDirs = readJson('package.json').workspaces.flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
    : [pattern],
);
const packages = workspaceDirs
  .filter((dir) => existsSync(path.join(ROOT, dir, 'package.json')))
  .map((dir) => {
    const manifest = readJson(`${dir}/package.json`);
    return { dir, name: manifest.name, exports: Object.keys(manifest.exports ?? {}) };
  });
const services = packages.filter((pkg) => pkg.dir.startsWith('services/'));
const nameOf = (dir) => packages.find((pkg) => pkg.dir === dir)?.name;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const anyOf = (names) => names.map(escape).join('|');
/** The package or any subpath of it. */
const packageRegex = (names) => `^(?:${anyOf(names)})(?:/.*)?$`;

// ---- The restrictions, one list per layer (see the configs at the end for which files get which) ----

/**
 * No deep imports past a package's `exports`: a package's public surface is its `exports` map (`.`, and
 * `./testing` or `./launch` where they exist); anything else is an internal file that may move. The allowed
 * subpaths are read from the package.json files, so adding an entry there is the one way to widen a surface.
 * (Node would refuse these at runtime anyway; the rule says so at lint time with a reason.)
 */
const publicSubpaths = packages.flatMap((pkg) =>
  pkg.exports.filter((key) => key !== '.').map((key) => `${pkg.name}/${key.slice(2)}`),
);
const deepImports = {
  regex: `^(?!(?:${anyOf(publicSubpaths)})$)@labline/[^/]+/.+`,
  message: 'Deep import past the package\'s "exports": import from its entry point (or add an entry to its exports).',
};

/**
 * No relative path into another package (`../../services/identity/src/app`): that is a deep import that skips
 * `exports` and the package's declared dependencies. Import the package by its name instead.
 */
const relativeIntoPackage = {
  regex: '^(?:\\.\\./)+(?:libs|services|gateway|web|deploy|tests)/',
  message: 'Relative import into another package: import it by its @labline/* name and its exports.',
};

/**
 * Libraries sit at the bottom: they are shared by every service and the gateway, so a lib that imports a
 * service, the gateway or the web would make the layers a cycle and drag a service's domain into every other.
 */
const libLayer = {
  regex: packageRegex([...services.map((pkg) => pkg.name), nameOf('gateway'), nameOf('web')]),
  message: 'A lib must not import a service, the gateway or the web: libs are the bottom layer.',
};

/**
 * A service owns its data and talks to other services only through events (the bus) and HTTP, with shapes
 * from @labline/contracts: importing another service's code would couple their deployments and let one
 * service read another's tables. Nor does it import the gateway (which sits in front of it) or the web.
 */
const serviceLayer = (own) => ({
  regex: packageRegex([
    ...services.filter((pkg) => pkg.name !== own).map((pkg) => pkg.name),
    nameOf('gateway'),
    nameOf('web'),
  ]),
  message: 'A service must not import another service or the gateway: use events, HTTP and @labline/contracts.',
});

/**
 * A service's routes read through its caller-bound repository (src/reads.ts, Medplum's getRepoForLogin) only:
 * the projections' queries take the tenant scope as an argument that a route could leave out or fill wrongly,
 * so they are out of a route's reach. Commands may use them (they look up facts for the deciders).
 */
const unscopedReads = {
  regex: '^\\.{1,2}/(?:.*/)?projections(?:/.*)?$',
  message: "A route reads through the caller-bound repository (src/reads.ts), never a projection's queries.",
};

/** The gateway reaches the services over HTTP only (its route table), never by importing their code. */
const gatewayLayer = {
  regex: packageRegex([...services.map((pkg) => pkg.name), nameOf('web')]),
  message: 'The gateway must not import a service or the web: it reaches services over HTTP.',
};

/**
 * The web runs in the browser and is built by Vite: its only shared code is @labline/contracts (schemas and
 * types of the HTTP API). Anything else (service-kit, db, a service) is server code that would be bundled or
 * break the build.
 */
const webLayer = {
  regex: '^@labline/(?!contracts$)',
  message: 'The web may import @labline/contracts only (and its own relative code).',
};

const restrict = (...patterns) => ['error', { patterns }];

/**
 * Test-only code stays out of runtime code: the testkit, the packages' `./testing` entries and `node:test` /
 * `node:assert` (which decider.ts once imported at runtime) are for tests, so a runtime file that imports them
 * ships test code to production. A second rule (typescript-eslint's copy of the core one) so that it adds to
 * the layer rules above instead of replacing them in the files both apply to.
 */
const testOnlyInRuntime = {
  patterns: [
    {
      regex: `^(?:${escape(nameOf('libs/testkit'))}(?:/.*)?|@labline/[^/]+/testing)$`,
      message: 'Test-only package in runtime code: move the import into a test file or a testing entry.',
    },
    {
      regex: '^node:(?:test|assert)(?:/.*)?$',
      message: 'node:test / node:assert are for tests: runtime code throws its own errors.',
    },
    {
      regex: '^\\.{1,2}/(?:.*/)?(?:testing|test-environment|decider-specification|contract(?:-[a-z]+)?|[^/]+\\.test)$',
      message: 'Test-only module imported from runtime code (reach it through the ./testing entry from tests).',
    },
  ],
};

/**
 * The kit is the only way to write events: a service's command handler (libs/service-kit commands.ts) decides,
 * validates and appends, projecting through every projection of the service in the append transaction, on its
 * own transaction or one it joins. An `appendToStream` call elsewhere would skip projections (a read model
 * missing the events) or the contract's validation. The event store and the kit call it; tests may write raw
 * events (an old shape, a concurrent writer, the relay's and store's own tests).
 */
const appendOutsideKit = {
  property: 'appendToStream',
  message:
    "Events are written through the service's command handler (context.commands.handleCommand, with `transaction` to join one), never appendToStream.",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.labline/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // ---- Package boundaries. In flat config a later object's options for a rule replace an earlier one's for
  // the files both match, so every layer below repeats the deep-import pattern, and the layer globs don't
  // overlap. deploy/ and web/e2e/ (dev tooling that starts the whole stack) get the deep-import rule only.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'no-restricted-imports': restrict(deepImports) },
  },
  {
    files: ['libs/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(deepImports, relativeIntoPackage, libLayer) },
  },
  ...services.flatMap((service) => [
    {
      files: [`${service.dir}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict(deepImports, relativeIntoPackage, serviceLayer(service.name)) },
    },
    {
      files: [`${service.dir}/src/routes/**/*.ts`],
      rules: {
        'no-restricted-imports': restrict(deepImports, relativeIntoPackage, serviceLayer(service.name), unscopedReads),
      },
    },
  ]),
  {
    files: ['gateway/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(deepImports, relativeIntoPackage, gatewayLayer) },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(deepImports, relativeIntoPackage, webLayer) },
  },
  // What the pages would pay for on every load (npm run bench): zod, which the services already ran over every
  // answer (the web reads the schemas' types, ResponseOf), and antd's Result (shared/Result loads it on first use).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'No schema library in the browser: type answers with ResponseOf.' },
            { name: 'antd', importNames: ['Result'], message: "Use shared/Result, which loads antd's on first use." },
          ],
          patterns: [
            {
              group: ['@labline/contracts'],
              importNamePattern: 'Schema(?:Of)?$',
              allowTypeImports: true,
              message: 'A schema as a value brings zod into the page: import it as a type (ResponseOf<typeof x>).',
            },
          ],
        },
      ],
    },
  },
  // System tests span services and the gateway (tests/system/gateway-deactivation: identity + gateway), so they
  // are exempt from the layer rules, but still reach every package through its exports only.
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(deepImports, relativeIntoPackage) },
  },
  {
    files: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'libs/testkit/**',
      'libs/*/src/testing.ts',
      'libs/bus/src/test-environment.ts',
      'libs/bus/src/exactly-once.*.ts',
      'libs/eventstore/src/contract*.ts',
      'libs/eventstore/src/decider-specification.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', testOnlyInRuntime] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      'libs/eventstore/**',
      'libs/service-kit/src/commands.ts',
      'libs/service-kit/src/traced-store.ts',
      '**/*.test.ts',
      '**/test/**',
      'libs/bus/src/exactly-once.*.ts',
      'libs/bus/src/test-environment.ts',
      'libs/*/src/testing.ts',
      'libs/testkit/**',
    ],
    rules: { 'no-restricted-properties': ['error', appendOutsideKit] },
  },
);
