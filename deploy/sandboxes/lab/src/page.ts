import { escapeHtml, renderSandboxPage } from '@labline/sandbox-kit';
import type { LabBehaviour, LabSandboxOrder } from './server';

/** The orders page: newest first, with the order's identifier, its tests, where its Task stands and its report. */
export function renderOrders(
  orders: readonly LabSandboxOrder[],
  behaviour: LabBehaviour,
  timing: { sampleReceivedAfterMs: number; completeAfterMs: number },
): string {
  const rows = [...orders]
    .reverse()
    .map(
      (order) => `
      <tr>
        <td>${escapeHtml(order.createdAt)}</td>
        <td>${escapeHtml(order.identifier)}</td>
        <td>${escapeHtml(order.loincCodes.join(', '))}</td>
        <td>${escapeHtml(order.status)}</td>
        <td>${order.reportId ? `<a href="/fhir/R4/DiagnosticReport/${escapeHtml(order.reportId)}">report</a>` : ''}</td>
      </tr>`,
    )
    .join('');
  return renderSandboxPage({
    title: 'Labline laboratory sandbox',
    maxWidthRem: 70,
    styles: [
      'table { border-collapse: collapse; width: 100%; }',
      'th, td { border-bottom: 1px solid #d9d9d9; padding: 0.4rem; text-align: left; vertical-align: top; }',
    ],
    content: [
      `<p>FHIR R4 at <a href="/fhir/R4/metadata">/fhir/R4</a>. ${orders.length} order(s); sample received after ` +
        `${timing.sampleReceivedAfterMs} ms, results after ${timing.completeAfterMs} ms. Behaviour: ` +
        `${escapeHtml(behaviour.mode)}${behaviour.extraLoinc ? `, extra LOINC ${escapeHtml(behaviour.extraLoinc)}` : ''}` +
        ` (<a href="/sandbox/behaviour">/sandbox/behaviour</a>). JSON: <a href="/sandbox/orders">/sandbox/orders</a>.</p>`,
      '<table>',
      '  <thead><tr><th scope="col">Ordered</th><th scope="col">Identifier</th><th scope="col">LOINC</th>',
      '    <th scope="col">Task</th><th scope="col">Results</th></tr></thead>',
      `  <tbody>${rows || '<tr><td colspan="5">No orders yet.</td></tr>'}</tbody>`,
      '</table>',
    ],
  });
}
