/**
 * A service's `main.ts` in one line: `await launch('clinical', () => import('./service'))`. Its own entry
 * point (`@labline/service-kit/launch`) imports nothing but telemetry, which must start before the HTTP and
 * database stacks are loaded so that their instrumentations can hook into them.
 *
 * `node dist/main.js --migrate-only` provisions the service's roles and applies its migrations, then exits: the
 * one-shot that runs before the service where the service itself holds no admin connection (compose,
 * Kubernetes Jobs; deploy/README.md).
 */
import type { ServiceName } from '@labline/contracts';
import { startTelemetry, stopTelemetry } from '@labline/telemetry';

export const MIGRATE_ONLY_FLAG = '--migrate-only';

export async function launch(
  name: ServiceName,
  load: () => Promise<{ service: unknown }>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  startTelemetry(name);
  const [{ startService, migrateService }, { service }] = await Promise.all([import('./service'), load()]);
  const definition = service as Parameters<typeof startService>[0];
  if (argv.includes(MIGRATE_ONLY_FLAG)) {
    await migrateService(definition);
    // Nothing else holds the process open once the spans are flushed: it exits 0.
    await stopTelemetry();
    return;
  }
  await startService(definition);
}
