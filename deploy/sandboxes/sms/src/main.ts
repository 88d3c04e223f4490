/** `tsx deploy/sandboxes/sms/src/main.ts`: the SMS sandbox as a process, configured from the environment. */
import { stopOnSignals } from '@labline/sandbox-kit';
import { loadSmsSandboxConfig } from './config';
import { startSmsSandbox } from './server';

const config = loadSmsSandboxConfig();
const sandbox = await startSmsSandbox({
  host: config.HOST,
  port: config.PORT,
  accountSid: config.TWILIO_ACCOUNT_SID,
  authToken: config.TWILIO_AUTH_TOKEN,
  callbackDelayMs: config.CALLBACK_DELAY_MS,
  ...(config.INBOUND_WEBHOOK_URL ? { inboundWebhookUrl: config.INBOUND_WEBHOOK_URL } : {}),
});
console.log(`SMS sandbox: Twilio Messages API on ${sandbox.url}`);

stopOnSignals(sandbox);
