/**
 * A Vitest reporter that records when each test file started and ended, per project, and writes them to
 * `.labline/test-files.json` at the end of the run: `npm test` (run-tests.ts) turns them into the wall time of
 * each project and the slowest files of its timings table. It prints nothing itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { z } from 'zod';

export const FILE_TIMINGS_PATH = path.join(import.meta.dirname, '../../.labline/test-files.json');

export const fileTimingSchema = z.object({
  project: z.string(),
  file: z.string(),
  /** Milliseconds since the epoch: when Vitest began the file, and when its last test or hook ended. */
  startedAt: z.number(),
  endedAt: z.number(),
  tests: z.number(),
  state: z.string(),
});
export type FileTiming = z.infer<typeof fileTimingSchema>;
export const fileTimingsSchema = z.array(fileTimingSchema);

export default class TimingsReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: FileTiming[] = [];
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const endedAt = Date.now();
    this.files.push({
      project: module.project.name,
      file: path.relative(this.root, module.moduleId),
      startedAt: this.started.get(module.id) ?? endedAt - module.diagnostic().duration,
      endedAt,
      tests: [...module.children.allTests()].length,
      state: module.state(),
    });
  }

  onTestRunEnd(): void {
    mkdirSync(path.dirname(FILE_TIMINGS_PATH), { recursive: true });
    writeFileSync(FILE_TIMINGS_PATH, `${JSON.stringify(this.files, null, 2)}\n`);
  }
}
