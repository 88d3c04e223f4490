import { escapeHtml, renderSandboxPage } from '@labline/sandbox-kit';
import type { SandboxMessage } from './twilio-shapes';

/** The messages page: newest first, direction, numbers, status (with its error) and text. */
export function renderMessages(messages: readonly SandboxMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (message) => `
      <tr>
        <td>${escapeHtml(message.date_created)}</td>
        <td>${message.direction === 'inbound' ? 'in' : 'out'}</td>
        <td>${escapeHtml(message.from)}</td>
        <td>${escapeHtml(message.to)}</td>
        <td>${escapeHtml(message.status)}${message.error_code ? ` (${message.error_code} ${escapeHtml(message.error_message ?? '')})` : ''}</td>
        <td>${escapeHtml(message.body)}</td>
      </tr>`,
    )
    .join('');
  return renderSandboxPage({
    title: 'Labline SMS sandbox',
    maxWidthRem: 70,
    styles: [
      'table { border-collapse: collapse; width: 100%; }',
      'th, td { border-bottom: 1px solid #d9d9d9; padding: 0.4rem; text-align: left; vertical-align: top; }',
    ],
    content: [
      `<p>${messages.length} message(s). JSON: <a href="/messages">/messages</a>.</p>`,
      '<table>',
      '  <thead><tr><th scope="col">Created</th><th scope="col">Direction</th><th scope="col">From</th>',
      '    <th scope="col">To</th><th scope="col">Status</th><th scope="col">Text</th></tr></thead>',
      `  <tbody>${rows || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody>`,
      '</table>',
    ],
  });
}
