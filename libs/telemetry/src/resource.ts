import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Attributes } from '@opentelemetry/api';
import {
  ATTR_DEPLOYMENT_ENVIRONMENT_NAME,
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
} from './semconv';

export const DEFAULT_ENVIRONMENT = 'development';

/**
 * What every span and metric of a service says about where it comes from. `OTEL_SERVICE_NAME` renames the
 * service (one process is one service in production), `LABLINE_ENVIRONMENT` names the deployment, the
 * version is the service package's. A fresh instance id per process tells replicas apart, so that gauges two
 * replicas report (consumer lag) are not mistaken for one series.
 */
export function serviceResourceAttributes(
  service: string,
  options: { version?: string | undefined; env?: Readonly<Record<string, string | undefined>> } = {},
): Attributes {
  const env = options.env ?? process.env;
  return {
    [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || service,
    ...(options.version ? { [ATTR_SERVICE_VERSION]: options.version } : {}),
    [ATTR_DEPLOYMENT_ENVIRONMENT_NAME]: env.LABLINE_ENVIRONMENT || DEFAULT_ENVIRONMENT,
    [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
  };
}

/**
 * The version in the nearest package.json at or above `from` (a file path or file: URL): a service's entry
 * point (`services/clinical/src/main.ts`, or its compiled copy in an image) finds its own package's.
 */
export function packageVersion(from: string | URL): string | undefined {
  const start = from instanceof URL || from.startsWith('file:') ? fileURLToPath(from) : from;
  for (let dir = path.dirname(path.resolve(start)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      const version: unknown = (JSON.parse(readFileSync(candidate, 'utf8')) as { version?: unknown }).version;
      return typeof version === 'string' ? version : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}
