import { loadSandboxConfig } from '@labline/sandbox-kit';
import { z } from 'zod';

/** The laboratory sandbox's environment (deploy/sandboxes/README.md). */
export const labSandboxConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(1100),
    /** Loopback unless configured: in a container, 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /** From an order to its sample received at the laboratory. */
    SAMPLE_RECEIVED_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(3000),
    /** From an order to its results. */
    COMPLETE_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(8000),
  })
  .refine((config) => config.COMPLETE_AFTER_MS >= config.SAMPLE_RECEIVED_AFTER_MS, {
    path: ['COMPLETE_AFTER_MS'],
    message: 'must be at least SAMPLE_RECEIVED_AFTER_MS',
  });
export type LabSandboxConfig = z.infer<typeof labSandboxConfigSchema>;

/** The configuration, or the process exits naming every bad variable (never its value). */
export function loadLabSandboxConfig(env: Record<string, string | undefined> = process.env): LabSandboxConfig {
  return loadSandboxConfig(labSandboxConfigSchema, env);
}
