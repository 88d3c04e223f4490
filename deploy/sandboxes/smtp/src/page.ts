import { escapeHtml, renderSandboxPage } from '@labline/sandbox-kit';
import type { ReceivedMail } from './server';

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
  return renderSandboxPage({
    title: 'Labline SMTP sandbox',
    maxWidthRem: 60,
    styles: [
      'article { border: 1px solid #d9d9d9; border-radius: 6px; margin: 1rem 0; padding: 0 1rem; }',
      '.meta { color: #595959; font-size: 0.9rem; }',
      'pre { white-space: pre-wrap; }',
    ],
    content: [
      `<p>${messages.length} message(s) received on SMTP port ${smtpPort}. JSON: <a href="/messages">/messages</a>.</p>`,
      rows || '<p>No messages yet.</p>',
    ],
  });
}
