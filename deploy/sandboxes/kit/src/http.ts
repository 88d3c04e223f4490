/** The sandboxes' HTTP: a request's body; answers in JSON for tests and tools, the page for people, none cached. */
import type http from 'node:http';

const NOT_CACHED = { 'cache-control': 'no-store' };

/** Answers a page; never cached, so a reload shows what the sandbox holds now. */
export function sendHtml(response: http.ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...NOT_CACHED });
  response.end(html);
}

/** Answers JSON with the status; never cached. */
export function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...NOT_CACHED });
  response.end(JSON.stringify(body));
}

/** The request's whole body, as UTF-8 text. */
export const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
