/**
 * The sandbox peers in the dev stack (deploy/dev/stack.ts): the SMTP, SMS and laboratory sandboxes as processes of
 * their own, started before the services, and the environment that points a service needing `mail`, `sms` or
 * `external-lab` (its declaration in contracts' SERVICE_DECLARATIONS) at them.
 */
import { freePort } from '@labline/testkit';
import type { ManagedProcess } from '../dev/process';

/** The dev stack's Twilio credentials: the sandbox's, never a real account's. */
export const SANDBOX_ACCOUNT_SID = `AC${'5a4db0c5'.repeat(4)}`;
export const SANDBOX_AUTH_TOKEN = 'labline-sandbox-auth-token';
export const SANDBOX_FROM_NUMBER = '+15005550006';
export const SANDBOX_SUPPORT_EMAIL = 'support@labline.test';

export interface StackSandboxes {
  smtpUrl: string;
  smsUrl: string;
  /** The laboratory sandbox's address (its page, `/sandbox/behaviour`, `/sandbox/orders`); FHIR under /fhir/R4. */
  labUrl: string;
  /** The environment of a service that needs `mail`: the SMTP sandbox as its relay. */
  mailEnv: Record<string, string>;
  /** The environment of a service that needs `sms`, given the port it listens on (its Twilio webhooks). */
  smsEnv(port: number): Record<string, string>;
  /** The environment of a service that needs `external-lab`: the laboratory sandbox as its FHIR R4 server. */
  externalLabEnv: Record<string, string>;
}

/**
 * The laboratory's pace in the dev stack: the sample received after 5 s, the results after 15 s, long enough to
 * watch each status on the test request's page, short enough to wait for.
 */
export const LAB_SANDBOX_TIMING = { SAMPLE_RECEIVED_AFTER_MS: '5000', COMPLETE_AFTER_MS: '15000' };

/** Where a service listening on `port` receives Twilio's (here the SMS sandbox's) simulated inbound messages. */
const inboundWebhook = (port: number) => `http://127.0.0.1:${port}/webhooks/twilio/inbound`;

/**
 * `smsServicePort` is the port of the service that needs `sms`, chosen before the SMS sandbox starts: the sandbox posts
 * simulated inbound messages (a patient's STOP) to its webhook.
 */
export async function startSandboxes(
  common: Record<string, string>,
  launch: (name: string, entry: string, env: Record<string, string>) => ManagedProcess,
  ready: (managed: ManagedProcess, url: string) => Promise<void>,
  smsServicePort: number | undefined,
): Promise<StackSandboxes> {
  const [smtpPort, smtpHttpPort, smsPort, labPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // With no service that needs SMS, simulated replies go nowhere (a port nothing listens on).
  const inboundUrl = inboundWebhook(smsServicePort ?? (await freePort()));
  const smtp = launch('smtp-sandbox', 'deploy/sandboxes/smtp/src/main.ts', {
    ...common,
    SMTP_PORT: String(smtpPort),
    PORT: String(smtpHttpPort),
  });
  const sms = launch('sms-sandbox', 'deploy/sandboxes/sms/src/main.ts', {
    ...common,
    PORT: String(smsPort),
    TWILIO_ACCOUNT_SID: SANDBOX_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: SANDBOX_AUTH_TOKEN,
    INBOUND_WEBHOOK_URL: inboundUrl,
  });
  const lab = launch('lab-sandbox', 'deploy/sandboxes/lab/src/main.ts', {
    // The stack's environment (a test run's `env`) may set another pace: the system tests wait for results.
    ...LAB_SANDBOX_TIMING,
    ...common,
    PORT: String(labPort),
  });
  const smtpUrl = `http://127.0.0.1:${smtpHttpPort}`;
  const smsUrl = `http://127.0.0.1:${smsPort}`;
  await ready(smtp, `${smtpUrl}/readyz`);
  const labUrl = `http://127.0.0.1:${labPort}`;
  await ready(sms, `${smsUrl}/readyz`);
  await ready(lab, `${labUrl}/readyz`);
  return {
    smtpUrl,
    smsUrl,
    labUrl,
    externalLabEnv: { EXTERNAL_LAB_FHIR_URL: `${labUrl}/fhir/R4` },
    mailEnv: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_FROM: 'Labline <no-reply@labline.test>',
      SUPPORT_EMAIL: SANDBOX_SUPPORT_EMAIL,
    },
    smsEnv: (port) => ({
      TWILIO_ACCOUNT_SID: SANDBOX_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: SANDBOX_AUTH_TOKEN,
      TWILIO_FROM_NUMBER: SANDBOX_FROM_NUMBER,
      TWILIO_API_BASE_URL: smsUrl,
      TWILIO_STATUS_CALLBACK_URL: `http://127.0.0.1:${port}/webhooks/twilio/status`,
      TWILIO_INBOUND_URL: inboundWebhook(port),
    }),
  };
}
