/** A sandbox as a process (its src/main.ts): configured from the environment, stopped by a signal. */
import type { z } from 'zod';

/** The configuration, or the process exits naming every bad variable (never its value). */
export function loadSandboxConfig<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined> = process.env,
): z.infer<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  console.error(`Invalid configuration: ${problems.join('; ')}`);
  process.exit(1);
}

/** On SIGTERM or SIGINT: stops the sandbox, then exits. */
export function stopOnSignals(sandbox: { stop(): Promise<void> }): void {
  const stop = () => {
    void sandbox.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
