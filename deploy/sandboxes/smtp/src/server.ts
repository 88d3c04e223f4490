/**
 * The SMTP sandbox: an SMTP server (smtp-server, the nodemailer project's) that keeps every message it accepts
 * in memory, and a small web server that shows them (`/`) and gives them to tests as JSON (`GET /messages`).
 *
 * Documented refusals, so that tests and demos can see failures:
 * - any recipient at @reject.example.com is refused for good: 550 (a permanent failure);
 * - any recipient at @defer.example.com is refused for now: 451 (a temporary failure, worth retrying).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendHtml, sendJson } from '@labline/sandbox-kit';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { parseMail } from './mime';
import { renderInbox } from './page';

export const REJECTED_DOMAIN = 'reject.example.com';
export const DEFERRED_DOMAIN = 'defer.example.com';

export interface ReceivedMail {
  id: string;
  receivedAt: string;
  /** The SMTP envelope: who the client said it is from and to whom it delivers. */
  envelope: { from: string | null; to: string[] };
  from: string;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  size: number;
}

export interface SmtpSandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  smtpPort?: number;
  httpPort?: number;
  /** When given, clients must sign in with these (AUTH PLAIN or LOGIN); otherwise AUTH is not offered. */
  credentials?: { user: string; password: string };
  /** The oldest messages are dropped beyond this many. */
  maxMessages?: number;
}

export interface SmtpSandbox {
  host: string;
  smtpPort: number;
  httpPort: number;
  /** The web page and JSON base URL, e.g. http://127.0.0.1:1080. */
  url: string;
  messages(): ReceivedMail[];
  clear(): void;
  stop(): Promise<void>;
}

type SmtpError = Error & { responseCode: number };
const smtpError = (code: number, text: string): SmtpError => Object.assign(new Error(text), { responseCode: code });

function refusalOf(address: SMTPServerAddress): SmtpError | null {
  const domain = address.address.split('@').pop()?.toLowerCase();
  if (domain === REJECTED_DOMAIN) return smtpError(550, `5.1.1 <${address.address}>: mailbox unavailable`);
  if (domain === DEFERRED_DOMAIN) return smtpError(451, `4.3.0 <${address.address}>: try again later`);
  return null;
}

const listen = (
  server: { listen: (port: number, host: string, callback: () => void) => unknown },
  port: number,
  host: string,
) => new Promise<void>((resolve) => server.listen(port, host, resolve));

export async function startSmtpSandbox(options: SmtpSandboxOptions = {}): Promise<SmtpSandbox> {
  const host = options.host ?? '127.0.0.1';
  const maxMessages = options.maxMessages ?? 500;
  const inbox: ReceivedMail[] = [];
  const { credentials } = options;

  const smtp = new SMTPServer({
    // A sandbox on a private network: no TLS; sign-in over plain text when credentials are configured.
    secure: false,
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.password) {
        callback(null, { user: auth.username });
        return;
      }
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, _session, callback) {
      callback(refusalOf(address));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(smtpError(552, '5.3.4 Message too big'));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        const mailFrom = session.envelope.mailFrom;
        inbox.push({
          id: randomUUID(),
          receivedAt: new Date().toISOString(),
          envelope: {
            from: mailFrom ? mailFrom.address : null,
            to: session.envelope.rcptTo.map((address) => address.address),
          },
          from: parsed.from,
          to: parsed.to,
          subject: parsed.subject,
          text: parsed.text,
          headers: parsed.headers,
          size: raw.length,
        });
        if (inbox.length > maxMessages) inbox.splice(0, inbox.length - maxMessages);
        callback();
      });
    },
  });
  smtp.on('error', () => undefined);
  await listen(smtp, options.smtpPort ?? 0, host);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const json = (status: number, body: unknown) => sendJson(response, status, body);
    if (request.method === 'GET' && (url.pathname === '/healthz' || url.pathname === '/readyz')) {
      return json(200, { status: 'ok' });
    }
    if (request.method === 'GET' && url.pathname === '/messages') return json(200, { messages: inbox });
    if (request.method === 'DELETE' && url.pathname === '/messages') {
      inbox.length = 0;
      return json(200, { messages: [] });
    }
    const single = /^\/messages\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (request.method === 'GET' && single) {
      const found = inbox.find((mail) => mail.id === single[1]);
      return found ? json(200, { message: found }) : json(404, { error: 'Message not found' });
    }
    if (request.method === 'GET' && url.pathname === '/') {
      return sendHtml(response, renderInbox(inbox, smtpPort));
    }
    json(404, { error: 'Not found' });
  });
  await listen(web, options.httpPort ?? 0, host);
  const httpPort = (web.address() as AddressInfo).port;

  return {
    host,
    smtpPort,
    httpPort,
    url: `http://${host}:${httpPort}`,
    messages: () => [...inbox],
    clear: () => {
      inbox.length = 0;
    },
    async stop() {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
