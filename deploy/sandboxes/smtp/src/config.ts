import { loadSandboxConfig } from '@labline/sandbox-kit';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

/** The SMTP sandbox's environment (deploy/sandboxes/README.md). */
export const smtpSandboxConfigSchema = z
  .object({
    /** The web page and JSON API. */
    PORT: port(1080),
    SMTP_PORT: port(1025),
    /** Loopback unless configured: in a container, 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Both or neither: with them, clients must sign in (AUTH PLAIN/LOGIN). */
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASSWORD: z.string().min(1).optional(),
    MAX_MESSAGES: z.coerce.number().int().positive().default(500),
  })
  .refine((env) => (env.SMTP_USER === undefined) === (env.SMTP_PASSWORD === undefined), {
    path: ['SMTP_PASSWORD'],
    message: 'SMTP_USER and SMTP_PASSWORD go together',
  });
export type SmtpSandboxConfig = z.infer<typeof smtpSandboxConfigSchema>;

/** The configuration, or the process exits naming every bad variable (never its value). */
export function loadSmtpSandboxConfig(env: Record<string, string | undefined> = process.env): SmtpSandboxConfig {
  return loadSandboxConfig(smtpSandboxConfigSchema, env);
}
