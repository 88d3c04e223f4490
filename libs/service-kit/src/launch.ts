/**
 * A service's `main.ts` in one line: `await launch('clinical', () => import('./service'))`. Its own entry
 * point (`@labline/service-kit/launch`) imports nothing but telemetry, which must start before the HTTP and
 * database stacks are loaded so that their instrumentations can hook into them.
 */
import type { ServiceName } from '@labline/contracts';
import { startTelemetry } from '@labline/telemetry';

export async function launch(name: ServiceName, load: () => Promise<{ service: unknown }>): Promise<void> {
  startTelemetry(name);
  const [{ startService }, { service }] = await Promise.all([import('./service'), load()]);
  await startService(service as Parameters<typeof startService>[0]);
}
