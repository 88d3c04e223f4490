/**
 * One Vitest run for the whole repository, in three projects: `unit` (`*.test.ts`, no infrastructure), `int`
 * (`*.int.test.ts`, real PostgreSQL and NATS JetStream, private databases and servers per file) and `e2e`
 * (`web/e2e/*.e2e.ts`, the whole system in headless Chromium). `npm test` runs all three with coverage;
 * `npm run test:unit|test:int|test:e2e` one of them; `npm run test:watch` the unit tests in watch mode.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const SOURCE_ROOTS = [
  'libs/*/src',
  'services/*/src',
  'services/*/test',
  'gateway/src',
  'gateway/test',
  'web/src',
  'tests',
];
const EXCLUDED = ['**/node_modules/**', '**/dist/**', '.labline/**'];
/** Integration and browser tests start servers and whole systems: minutes, not the unit tests' seconds. */
const SLOW_TIMEOUT_MS = 300_000;

/**
 * The files that take longest, which must start first: the access walk runs several minutes, while every other file
 * takes one or two. Vitest's own order on a fresh clone (no timings cached yet) is the largest file first, which
 * started the walk last, so it ran alone at the end while the other worker had nothing left to do.
 */
const LONGEST_FIRST = ['web/e2e/access-walk.e2e.ts'];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    // Files run in child processes: several tests start servers, spawn processes and load native addons (argon2).
    pool: 'forks',
    // Two files at a time, as on CI's two cores: each integration or browser file starts its own servers.
    maxWorkers: 2,
    exclude: EXCLUDED,
    coverage: {
      provider: 'v8',
      include: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.ts', '**/testing.ts', '**/test-environment.ts', '**/*.fixture.ts', '**/*.child.ts'],
      reporter: ['text-summary', ['html', { subdir: 'html' }], 'json-summary'],
      reportsDirectory: '.labline/coverage',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: SOURCE_ROOTS.map((root) => `${root}/**/*.test.ts`),
          exclude: [...EXCLUDED, '**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: SOURCE_ROOTS.map((root) => `${root}/**/*.int.test.ts`),
          testTimeout: SLOW_TIMEOUT_MS,
          hookTimeout: SLOW_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.ts'],
          // One running system per worker, shared by the files it runs one after the other (web/e2e/systems.ts).
          globalSetup: ['web/e2e/systems.ts'],
          // The access walk's accounts walk side by side, three at a time: on two cores a fourth adds no speed, only
          // wait to every step of the others (and a slow machine's steps then outlast their timeouts). A test's
          // timeout counts from its own start.
          maxConcurrency: 3,
          testTimeout: SLOW_TIMEOUT_MS,
          hookTimeout: SLOW_TIMEOUT_MS,
        },
      },
      // `npm run test:deploy` only (never `npm test`): docker-compose.yml for real, with Docker (deploy/README.md).
      {
        extends: true,
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.deploy.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 1_800_000,
        },
      },
    ],
  },
});
