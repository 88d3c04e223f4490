/** `tsx deploy/sandboxes/smtp/src/main.ts`: the SMTP sandbox as a process, configured from the environment. */
import { stopOnSignals } from '@labline/sandbox-kit';
import { loadSmtpSandboxConfig } from './config';
import { startSmtpSandbox } from './server';

const config = loadSmtpSandboxConfig();
const sandbox = await startSmtpSandbox({
  host: config.HOST,
  smtpPort: config.SMTP_PORT,
  httpPort: config.PORT,
  maxMessages: config.MAX_MESSAGES,
  ...(config.SMTP_USER && config.SMTP_PASSWORD
    ? { credentials: { user: config.SMTP_USER, password: config.SMTP_PASSWORD } }
    : {}),
});
console.log(`SMTP sandbox: SMTP on ${sandbox.host}:${sandbox.smtpPort}, inbox on ${sandbox.url}`);

stopOnSignals(sandbox);
