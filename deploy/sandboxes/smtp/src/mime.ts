/**
 * Just enough of RFC 5322 and MIME to show what a mail client would: the header fields (unfolded, encoded words
 * decoded), and the text of a message, its text/plain part when it has several (multipart), with its transfer
 * encoding (quoted-printable, base64) undone. A sandbox's reader, not a general parser.
 */

export interface ParsedMail {
  /** Header field names lower-cased; a repeated field keeps its first value. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
}

const CRLF_BLANK_LINE = /\r?\n\r?\n/;

function splitHeaderAndBody(raw: string): [string, string] {
  const match = CRLF_BLANK_LINE.exec(raw);
  return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : [raw, ''];
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replaceAll('_', ' '), false);
      return new TextDecoder(charset.toLowerCase() === 'utf8' ? 'utf-8' : charset).decode(bytes);
    });
}

export function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Unfold: a line starting with white space continues the previous field.
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function quotedPrintableBytes(text: string, soft = true): Buffer {
  const joined = soft ? text.replace(/=\r?\n/g, '') : text;
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** A header value's parameter, e.g. the boundary of `multipart/alternative; boundary="--_x"`. */
function parameterOf(value: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*("([^"]*)"|[^;\\s]+)`, 'i').exec(value);
  return match ? (match[2] ?? match[1] ?? null) : null;
}

function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = parameterOf(headers['content-type'] ?? '', 'charset') ?? 'utf-8';
  const decoder = new TextDecoder(charset.toLowerCase() === 'utf8' ? 'utf-8' : charset);
  if (encoding === 'base64') return decoder.decode(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  if (encoding === 'quoted-printable') return decoder.decode(quotedPrintableBytes(body));
  return body;
}

/** The text of an entity: itself when text, else its text/plain part (the first part when none is plain). */
function textOf(headers: Record<string, string>, body: string): string {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = parameterOf(headers['content-type'] ?? '', 'boundary');
  if (!type.startsWith('multipart/') || !boundary) return decodeBody(body, headers).replace(/\r\n/g, '\n');
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => splitHeaderAndBody(part.replace(/^\r?\n/, '')))
    .map(([head, content]) => ({ headers: parseHeaders(head), content: content.replace(/\r?\n$/, '') }));
  const plain = parts.find((part) => (part.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  const chosen = plain ?? parts[0];
  return chosen ? textOf(chosen.headers, chosen.content) : '';
}

export function parseMail(raw: string): ParsedMail {
  const [head, body] = splitHeaderAndBody(raw);
  const headers = parseHeaders(head);
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    text: textOf(headers, body).replace(/\n$/, ''),
  };
}
