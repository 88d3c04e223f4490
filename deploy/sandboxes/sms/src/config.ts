import { loadSandboxConfig } from '@labline/sandbox-kit';
import { z } from 'zod';

/** The SMS sandbox's environment (deploy/sandboxes/README.md). */
export const smsSandboxConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(1090),
  /** Loopback unless configured: in a container, 0.0.0.0. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The credentials the twilio client signs in with; the auth token also signs the callbacks. */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be AC and 32 lower-case hex digits'),
  TWILIO_AUTH_TOKEN: z.string().min(8, 'must be at least 8 characters'),
  /** Where a simulated inbound message (POST /sandbox/inbound) goes, e.g. the service's inbound webhook. */
  INBOUND_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
});
export type SmsSandboxConfig = z.infer<typeof smsSandboxConfigSchema>;

/** The configuration, or the process exits naming every bad variable (never its value). */
export function loadSmsSandboxConfig(env: Record<string, string | undefined> = process.env): SmsSandboxConfig {
  return loadSandboxConfig(smsSandboxConfigSchema, env);
}
