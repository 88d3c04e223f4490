/**
 * The SMS sandbox: the part of Twilio's Messages REST API (2010-04-01) that the official twilio client uses to
 * send a text and read it back, with Twilio's basic auth, JSON and error shapes; status callbacks signed as
 * Twilio signs them (queued → sent → delivered, or failed for the documented numbers of twilio-shapes.ts); an
 * inbound message (a patient's STOP) posted to a webhook; and `GET /messages` for tests, `/` for people.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendHtml, sendJson } from '@labline/sandbox-kit';
import { consentChangeOf, inboundFieldsOf, InboundRefused, type InboundMessage } from './inbound';
import { renderMessages } from './page';
import { postSigned } from './signature';
import {
  accountResource,
  API_VERSION,
  destinationOf,
  messageResource,
  newSid,
  twilioDate,
  twilioError,
  UNREACHABLE,
  type MessageStatus,
  type SandboxMessage,
  type TwilioError,
} from './twilio-shapes';

export interface SmsSandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  accountSid: string;
  authToken: string;
  /** Where a simulated inbound message is posted when the request names no URL. */
  inboundWebhookUrl?: string;
  /** The wait before each status callback. */
  callbackDelayMs?: number;
}

/** Every create call, accepted or refused: what a test counts retries with. */
export interface SendAttempt {
  to: string;
  status: number;
  error_code: number | null;
  at: string;
}

export interface SmsSandbox {
  /** The API base URL to give the twilio client, e.g. http://127.0.0.1:1090. */
  url: string;
  messages(): SandboxMessage[];
  attempts(): SendAttempt[];
  /**
   * Posts an inbound message (From, To, Body) to the webhook, signed; answers the webhook's HTTP status. `to`
   * defaults to the number that last texted `from` (a reply).
   */
  inbound(message: InboundMessage): Promise<number>;
  clear(): void;
  stop(): Promise<void>;
}

const MESSAGES_PATH = new RegExp(`^/${API_VERSION}/Accounts/(AC[0-9a-f]{32})/Messages\\.json$`);
const MESSAGE_PATH = new RegExp(`^/${API_VERSION}/Accounts/(AC[0-9a-f]{32})/Messages/(SM[0-9a-f]{32})\\.json$`);
const ACCOUNT_PATH = new RegExp(`^/${API_VERSION}/Accounts/(AC[0-9a-f]{32})\\.json$`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startSmsSandbox(options: SmsSandboxOptions): Promise<SmsSandbox> {
  const { accountSid, authToken } = options;
  const delayMs = options.callbackDelayMs ?? 200;
  const messages: SandboxMessage[] = [];
  const attempts: SendAttempt[] = [];
  const pending = new Set<Promise<void>>();
  /** The numbers that replied STOP (and not START since). */
  const optedOut = new Set<string>();
  let stopping = false;

  async function report(message: SandboxMessage, status: MessageStatus, error?: { code: number; message: string }) {
    await sleep(delayMs);
    if (stopping) return;
    message.status = status;
    message.date_updated = twilioDate();
    if (status === 'sent') message.date_sent = message.date_updated;
    if (error) Object.assign(message, { error_code: error.code, error_message: error.message });
    if (!message.status_callback) return;
    const params: Record<string, string> = {
      AccountSid: accountSid,
      ApiVersion: API_VERSION,
      From: message.from,
      MessageSid: message.sid,
      MessageStatus: status,
      SmsSid: message.sid,
      SmsStatus: status,
      To: message.to,
      ...(error ? { ErrorCode: String(error.code) } : {}),
    };
    const httpStatus = await postSigned(authToken, message.status_callback, params);
    message.callbacks.push({ status, http_status: httpStatus });
  }

  function lifecycle(message: SandboxMessage) {
    const run = (async () => {
      await report(message, 'queued');
      await report(message, 'sent');
      if (destinationOf(message.to) === 'unreachable') await report(message, 'failed', UNREACHABLE);
      else await report(message, 'delivered');
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  function authorised(request: http.IncomingMessage, pathSid: string): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return user === accountSid && rest.join(':') === authToken && pathSid === accountSid;
  }

  function createMessage(form: URLSearchParams): {
    status: number;
    body: TwilioError | ReturnType<typeof messageResource>;
  } {
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    const refuse = (status: number, code: number, text: string) => {
      attempts.push({ to, status, error_code: code, at: new Date().toISOString() });
      return { status, body: twilioError(status, code, text) };
    };
    if (!to) return refuse(400, 21604, "A 'To' phone number is required.");
    if (!from) return refuse(400, 21603, "A 'From' phone number is required.");
    if (!body) return refuse(400, 21602, 'Message body is required.');
    const destination = destinationOf(to);
    if (destination === 'invalid') return refuse(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (optedOut.has(to)) return refuse(400, 21610, 'Attempt to send to unsubscribed recipient');
    if (destination === 'unavailable') return refuse(503, 20503, 'Service Unavailable');
    const now = twilioDate();
    const message: SandboxMessage = {
      sid: newSid('SM'),
      account_sid: accountSid,
      direction: 'outbound-api',
      from,
      to,
      body,
      status: 'queued',
      error_code: null,
      error_message: null,
      status_callback: form.get('StatusCallback'),
      date_created: now,
      date_updated: now,
      date_sent: null,
      callbacks: [],
    };
    messages.push(message);
    attempts.push({ to, status: 201, error_code: null, at: new Date().toISOString() });
    lifecycle(message);
    return { status: 201, body: messageResource(message) };
  }

  /** The number that last texted this one: what a reply goes to. */
  const lastSenderTo = (number: string) =>
    messages.findLast((message) => message.direction === 'outbound-api' && message.to === number)?.from;

  async function simulateInbound(inbound: InboundMessage) {
    const url = inbound.url ?? options.inboundWebhookUrl;
    if (!url) throw new InboundRefused('no inbound webhook URL: set INBOUND_WEBHOOK_URL or pass Url');
    if (!inbound.from || !inbound.body) throw new InboundRefused('From and Body are required');
    const to = inbound.to || lastSenderTo(inbound.from);
    if (!to) throw new InboundRefused(`To is required: no message was sent to ${inbound.from}`);
    const message = { from: inbound.from, to, body: inbound.body };
    const change = consentChangeOf(message.body);
    if (change === 'opt_out') optedOut.add(message.from);
    if (change === 'opt_in') optedOut.delete(message.from);
    const sid = newSid('SM');
    const now = twilioDate();
    messages.push({
      sid,
      account_sid: accountSid,
      direction: 'inbound',
      from: message.from,
      to: message.to,
      body: message.body,
      status: 'received',
      error_code: null,
      error_message: null,
      status_callback: null,
      date_created: now,
      date_updated: now,
      date_sent: now,
      callbacks: [],
    });
    const status = await postSigned(authToken, url, {
      AccountSid: accountSid,
      ApiVersion: API_VERSION,
      Body: message.body,
      From: message.from,
      MessageSid: sid,
      NumMedia: '0',
      NumSegments: '1',
      SmsMessageSid: sid,
      SmsSid: sid,
      SmsStatus: 'received',
      To: message.to,
    });
    return status ?? 0;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const json = (status: number, body: unknown) => sendJson(response, status, body);
    const method = request.method ?? 'GET';
    if (method === 'GET' && (url.pathname === '/healthz' || url.pathname === '/readyz')) {
      return json(200, { status: 'ok' });
    }
    if (method === 'GET' && url.pathname === '/messages') return json(200, { messages, attempts });
    if (method === 'DELETE' && url.pathname === '/messages') {
      messages.length = 0;
      attempts.length = 0;
      return json(200, { messages });
    }
    if (method === 'POST' && url.pathname === '/sandbox/inbound') {
      const body = await readBody(request);
      try {
        return json(200, {
          webhook_status: await simulateInbound(inboundFieldsOf(request.headers['content-type'], body)),
        });
      } catch (error) {
        if (error instanceof InboundRefused) return json(400, { error: error.message });
        throw error;
      }
    }
    if (method === 'GET' && url.pathname === '/') {
      return sendHtml(response, renderMessages(messages));
    }
    const account = ACCOUNT_PATH.exec(url.pathname);
    const list = MESSAGES_PATH.exec(url.pathname);
    const single = MESSAGE_PATH.exec(url.pathname);
    const pathSid = account?.[1] ?? list?.[1] ?? single?.[1];
    if (pathSid === undefined) return json(404, twilioError(404, 20404, 'The requested resource was not found'));
    if (!authorised(request, pathSid)) return json(401, twilioError(401, 20003, 'Authenticate'));
    if (account && method === 'GET') return json(200, accountResource(accountSid));
    if (list && method === 'POST') {
      const created = createMessage(new URLSearchParams(await readBody(request)));
      return json(created.status, created.body);
    }
    const found = single && messages.find((message) => message.sid === single[2]);
    if (single && method === 'GET') {
      return found
        ? json(200, messageResource(found))
        : json(404, twilioError(404, 20404, `The requested resource ${url.pathname} was not found`));
    }
    json(405, twilioError(405, 20004, 'Method not allowed'));
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(twilioError(500, 20500, (error as Error).message)));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    messages: () => messages.map((message) => ({ ...message, callbacks: [...message.callbacks] })),
    attempts: () => [...attempts],
    inbound: simulateInbound,
    clear() {
      messages.length = 0;
      attempts.length = 0;
    },
    async stop() {
      stopping = true;
      await Promise.all(pending);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
