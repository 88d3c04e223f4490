import type { ReceivedMail } from './server';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The inbox page: newest first, each message's envelope, subject and text. */
export function renderInbox(messages: readonly ReceivedMail[], smtpPort: number): string {
  const rows = [...messages]
    .reverse()
    .map(
      (mail) => `
    <article>
      <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
      <p class="meta">${escapeHtml(mail.receivedAt)} · from ${escapeHtml(mail.from || mail.envelope.from || '')}
        · to ${escapeHtml(mail.envelope.to.join(', '))}</p>
      <pre>${escapeHtml(mail.text)}</pre>
    </article>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="refresh" content="5">
  <title>Labline SMTP sandbox</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
    article { border: 1px solid #d9d9d9; border-radius: 6px; margin: 1rem 0; padding: 0 1rem; }
    .meta { color: #595959; font-size: 0.9rem; }
    pre { white-space: pre-wrap; }
  </style>
</head>
<body>
  <h1>Labline SMTP sandbox</h1>
  <p>${messages.length} message(s) received on SMTP port ${smtpPort}. JSON: <a href="/messages">/messages</a>.</p>
  ${rows || '<p>No messages yet.</p>'}
</body>
</html>`;
}
