/**
 * A notifications app on a fresh database, a private NATS JetStream and its own SMTP and SMS sandboxes per test
 * file: real Postgres, real event store, the real consumers fed with identity- and clinical-shaped events,
 * nodemailer and the twilio client talking to the sandboxes, Twilio's callbacks reaching the listening app.
 */
import { startPrivateJetStream, testEventPublisher, type PrivateJetStream, type TestEvent } from '@labline/bus/testing';
import {
  type ClinicalEventData,
  type ClinicalEventType,
  type ContactPreference,
  type EventEnvelope,
  type IdentityEventData,
  type IdentityEventType,
  type ServiceName,
} from '@labline/contracts';
import { openServiceDatabase } from '@labline/db';
import { createPostgresEventStore, type EventStore } from '@labline/eventstore';
import { buildInProcess, serviceMigrations, type HttpApp } from '@labline/service-kit';
import { startSmsSandbox, type SmsSandbox } from '@labline/sms-sandbox';
import { startSmtpSandbox, type SmtpSandbox } from '@labline/smtp-sandbox';
import {
  bearerHeaders,
  createTestDatabase,
  createTestKeys,
  freePort,
  institutionRegisteredData,
  patientRegisteredData,
  testRequestCreatedData,
  testUser,
  testUserEmail,
  userRegisteredData,
  waitFor,
  type TestDatabase,
  type TestUser,
} from '@labline/testkit';
import { connect } from 'nats';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { NotificationsContext } from '../src/config';
import { notificationsConfigSchema } from '../src/config';
import { createChannels } from '../src/delivery/channels';
import { service } from '../src/service';

export const NORTHWIND = 1;
export const RIVERSIDE = 2;
export const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const AUTH_TOKEN = 'sandbox-auth-token';
export const FROM_NUMBER = '+15005550006';
export const SUPPORT_EMAIL = 'support@labline.test';

export type { TestUser };

export const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  northwindClinician: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  riversideAdmin: testUser(8, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  northwindClientAdmin: testUser(9, 'client_admin', NORTHWIND, ['Chris', 'Doyle']),
} as const;

export const emailOf = testUserEmail;

export interface NotificationsTestContext {
  app: HttpApp;
  context: NotificationsContext;
  pool: DatabasePool;
  store: EventStore;
  nats: PrivateJetStream;
  smtp: SmtpSandbox;
  sms: SmsSandbox;
  database: TestDatabase;
  /** Publishes an event as its service's relay would (Nats-Msg-Id = event id); answers the envelope. */
  publish(service: ServiceName, event: TestEvent): Promise<EventEnvelope>;
  /** Publishes an envelope again under a new message id, as a relay republishing after JetStream's window. */
  republish(service: ServiceName, envelope: EventEnvelope): Promise<void>;
  as(member: TestUser, permissions?: string[]): Promise<Record<string, string>>;
  /** Another instance of the service on the same database, NATS and sandboxes (a replica; not listening). */
  startReplica(env?: Record<string, string>): Promise<NotificationsReplica>;
  close(): Promise<void>;
}

export interface NotificationsReplica {
  app: HttpApp;
  context: NotificationsContext;
  close(): Promise<void>;
}

export async function startNotifications(
  options: { env?: Record<string, string> } = {},
): Promise<NotificationsTestContext> {
  const database = await createTestDatabase('notifications_test');
  const pool = await openServiceDatabase({
    url: database.url,
    schema: 'notifications',
    migrations: await serviceMigrations(service),
  });
  const store = createPostgresEventStore({ pool });
  const nats = await startPrivateJetStream();
  const keys = await createTestKeys();
  const smtp = await startSmtpSandbox();
  const port = await freePort();
  const sms = await startSmsSandbox({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    callbackDelayMs: 30,
    inboundWebhookUrl: `http://127.0.0.1:${port}/webhooks/twilio/inbound`,
  });
  const env = {
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    IDENTITY_JWKS_URL: 'http://127.0.0.1/unused',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.smtpPort),
    SMTP_FROM: 'Labline <no-reply@labline.test>',
    SUPPORT_EMAIL,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: FROM_NUMBER,
    TWILIO_API_BASE_URL: sms.url,
    TWILIO_STATUS_CALLBACK_URL: `http://127.0.0.1:${port}/webhooks/twilio/status`,
    TWILIO_INBOUND_URL: `http://127.0.0.1:${port}/webhooks/twilio/inbound`,
    NOTIFICATION_RETRY_BACKOFF_MS: '150,300',
    NOTIFICATION_POLL_MS: '100',
    ...options.env,
  };
  const config = notificationsConfigSchema.parse({ LOG_LEVEL: 'silent', ...env });
  const { publish, republish } = testEventPublisher(nats.nc);

  // With its consumers, reactors and workers on the private JetStream, as at start-up.
  const { app, context } = await buildInProcess(service, {
    env,
    pool,
    store,
    resources: { keys: { jwks: keys.jwks }, channels: createChannels(config) },
    nc: nats.nc,
  });
  await seedIdentity(publish, pool);
  await app.listen({ port, host: '127.0.0.1' });

  async function startReplica(replicaEnv: Record<string, string> = {}): Promise<NotificationsReplica> {
    const replicaPool = await openServiceDatabase({
      url: database.url,
      schema: 'notifications',
      migrations: await serviceMigrations(service),
    });
    const replicaStore = createPostgresEventStore({ pool: replicaPool });
    const nc = await connect({ servers: nats.url });
    const replica = await buildInProcess(service, {
      env: { ...env, ...replicaEnv },
      pool: replicaPool,
      store: replicaStore,
      resources: { keys: { jwks: keys.jwks }, channels: createChannels(config) },
      nc,
    });
    return {
      ...replica,
      async close() {
        await replica.app.close();
        await nc.close();
        await replicaStore.close();
        await replicaPool.end();
      },
    };
  }

  return {
    app,
    context,
    pool,
    store,
    nats,
    smtp,
    sms,
    database,
    publish,
    republish,
    as: (member, permissions = []) => bearerHeaders(keys, member, { permissions, email: emailOf(member) }),
    startReplica,
    async close() {
      await app.close();
      await sms.stop();
      await smtp.stop();
      await nats.close();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

async function seedIdentity(publish: NotificationsTestContext['publish'], pool: DatabasePool): Promise<void> {
  const identity = <T extends IdentityEventType>(stream: string, type: T, data: IdentityEventData<T>) =>
    publish('identity', { stream, version: 0, type, data });
  for (const [id, name] of [
    [NORTHWIND, 'Northwind General Hospital'],
    [RIVERSIDE, 'Riverside Clinic'],
  ] as const) {
    await identity(`institution-${id}`, 'InstitutionRegistered', institutionRegisteredData(id, name));
  }
  for (const member of Object.values(USERS)) {
    await identity(`user-${member.id}`, 'UserRegistered', userRegisteredData(member));
  }
  await waitFor(
    async () =>
      (await pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM users`)) ===
      Object.keys(USERS).length,
    { description: 'identity events projected' },
  );
}

// ------------------------------------------------------------------------------------------ clinical events

let nextPatientId = 100;
let nextTestRequestId = 40;

export interface PatientDetails {
  email: string | null;
  phone: string | null;
  institutionId?: number;
  contactPreference?: ContactPreference;
  /** The test request's expected date, ISO 8601 (none when absent). */
  expectedTestDatetime?: string | null;
}

/** Publishes a patient and a test request of theirs as clinical would; answers their ids. */
export async function orderFor(
  harness: NotificationsTestContext,
  patient: PatientDetails,
): Promise<{ patientId: number; testRequestId: number; institutionId: number }> {
  const patientId = (nextPatientId += 1);
  const testRequestId = (nextTestRequestId += 1);
  const institutionId = patient.institutionId ?? NORTHWIND;
  const clinical = <T extends ClinicalEventType>(stream: string, type: T, data: ClinicalEventData<T>) =>
    harness.publish('clinical', { stream, version: 0, type, data });
  const clinician = USERS.northwindClinician.id;
  await clinical(
    `patient-${patientId}`,
    'PatientRegistered',
    patientRegisteredData(patientId, [institutionId], {
      first_name: 'Amelia',
      last_name: 'Thompson',
      phone: patient.phone,
      email: patient.email,
      clinician_id: clinician,
      ...(patient.contactPreference ? { contact_preference: patient.contactPreference } : {}),
    }),
  );
  await clinical(
    `testRequest-${testRequestId}`,
    'TestRequestCreated',
    testRequestCreatedData(testRequestId, institutionId, {
      patient_id: patientId,
      clinician_id: clinician,
      requested_by: clinician,
      test_name: 'Glucose',
      expected_test_datetime: patient.expectedTestDatetime ?? null,
    }),
  );
  return { patientId, testRequestId, institutionId };
}

export function cancel(
  harness: NotificationsTestContext,
  order: { patientId: number; testRequestId: number; institutionId: number },
  options: { occurredAt?: string; customMessage?: string } = {},
) {
  const { customMessage, ...envelope } = options;
  return harness.publish('clinical', {
    stream: `testRequest-${order.testRequestId}`,
    version: 1,
    type: 'TestRequestCancelled',
    data: {
      testRequestId: order.testRequestId,
      patient_id: order.patientId,
      institution_id: order.institutionId,
      from: 'pending',
      ...(customMessage === undefined ? {} : { custom_message: customMessage }),
    },
    actor: { userId: USERS.northwindAdmin.id, role: 'institution_admin', institutionId: NORTHWIND },
    ...envelope,
  });
}

export function sendReminder(
  harness: NotificationsTestContext,
  order: { patientId: number; testRequestId: number; institutionId: number },
  message: string,
) {
  return harness.publish('clinical', {
    stream: `testRequest-${order.testRequestId}`,
    version: 1,
    type: 'TestRequestNotificationRequested',
    data: {
      testRequestId: order.testRequestId,
      patient_id: order.patientId,
      institution_id: order.institutionId,
      reminder_type: 'custom_notification',
      custom_message: message,
    },
    actor: { userId: USERS.northwindClinician.id, role: 'clinician', institutionId: NORTHWIND },
  });
}

const logRowSchema = z.object({
  id: z.number().int(),
  notification_type: z.string(),
  delivery_status: z.string(),
  error_message: z.string().nullable(),
  attempts: z.number().int(),
  recipient_email: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  message_type: z.string(),
  triggered_by_type: z.string(),
});
export type LogRow = z.infer<typeof logRowSchema>;

/** The log entries of a test request, e-mail first. */
export function logsOf(harness: NotificationsTestContext, testRequestId: number): Promise<readonly LogRow[]> {
  return harness.pool.any(sql.type(logRowSchema)`
    SELECT id, notification_type, delivery_status, error_message, attempts, recipient_email, recipient_phone,
           message_type, triggered_by_type
    FROM notification_logs WHERE test_request_id = ${testRequestId} ORDER BY notification_type, id`);
}

/** Waits until every log entry of the request has one of the statuses; answers them. */
export function settledLogs(
  harness: NotificationsTestContext,
  testRequestId: number,
  count: number,
  statuses: readonly string[] = ['delivered', 'failed', 'sent'],
): Promise<readonly LogRow[]> {
  return waitFor(
    async () => {
      const logs = await logsOf(harness, testRequestId);
      return logs.length === count && logs.every((log) => statuses.includes(log.delivery_status)) && logs;
    },
    { timeoutMs: 20_000, description: `${count} log entries of request ${testRequestId} in ${statuses.join('/')}` },
  );
}
