import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Redaction is a second line of defence: code must not log passwords, tokens or
 * patient data in the first place.
 */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'current_password',
        'new_password',
        '*.current_password',
        '*.new_password',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
export type { Logger };
