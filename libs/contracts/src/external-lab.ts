/**
 * The external laboratory (spec 1 §2 /tests/{id} integration panel, §3 "External API status of a result", §4 external
 * lab status, §7 results and external lab, §8; issue 27 parts 3 and 4): the statuses with their labels and the
 * timeline's order, the providers `{provider}` may name, when an order may be submitted or its results fetched, and
 * the texts. zod-free, so the web app bundles it.
 */

/** spec 1 §4: pending is Labline's own (not sent yet); the others are the laboratory's. */
export const EXTERNAL_LAB_STATUSES = ['pending', 'submitted', 'sample_received', 'complete', 'failed'] as const;
export type ExternalLabStatus = (typeof EXTERNAL_LAB_STATUSES)[number];

/** spec 1 §4's labels; anything else shows Unknown. */
export const EXTERNAL_LAB_STATUS_LABELS: Readonly<Record<ExternalLabStatus, string>> = {
  pending: 'Pending Submission',
  submitted: 'Submitted',
  sample_received: 'Sample Received',
  complete: 'Results Available',
  failed: 'Failed',
};
export const EXTERNAL_LAB_UNKNOWN_LABEL = 'Unknown';

export const externalLabStatusLabel = (status: string | null | undefined): string =>
  (EXTERNAL_LAB_STATUSES as readonly string[]).includes(status ?? '')
    ? EXTERNAL_LAB_STATUS_LABELS[status as ExternalLabStatus]
    : EXTERNAL_LAB_UNKNOWN_LABEL;

/** spec 1 §4: the timeline's steps, in this order. */
export const EXTERNAL_LAB_TIMELINE_STEPS = ['created', 'submitted', 'sample_received', 'complete'] as const;
export type ExternalLabTimelineStep = (typeof EXTERNAL_LAB_TIMELINE_STEPS)[number];
export const EXTERNAL_LAB_TIMELINE_LABELS: Readonly<Record<ExternalLabTimelineStep, string>> = {
  created: 'Order created with barcode',
  submitted: 'Submitted',
  sample_received: 'Sample received',
  complete: 'Results available',
};

/** The forward order of the laboratory's statuses: a status never moves back (a late poll changes nothing). */
const FORWARD: readonly ExternalLabStatus[] = ['pending', 'submitted', 'sample_received', 'complete'];
export const isExternalLabStatusAhead = (from: ExternalLabStatus, to: ExternalLabStatus): boolean =>
  to === 'failed' ? from !== 'complete' && from !== 'failed' : FORWARD.indexOf(to) > FORWARD.indexOf(from);

/** The adapters `{provider}` names (`/external-api/{provider}/…`). */
export const EXTERNAL_LAB_PROVIDERS = ['fhir'] as const;
export type ExternalLabProviderName = (typeof EXTERNAL_LAB_PROVIDERS)[number];

/** What the panel's actions depend on. */
export interface ExternalOrderFacts {
  api_enabled: boolean;
  external_api_status: ExternalLabStatus;
  has_external_data: boolean;
  /** The test request's barcode: the specimen's identifier at the laboratory. */
  barcode_number: string | null;
}

/** Submit: integration on, a barcode, and not sent yet (pending) or sent and failed (a retry). */
export const canSubmitExternalOrder = (facts: ExternalOrderFacts): boolean =>
  facts.api_enabled &&
  facts.barcode_number !== null &&
  facts.barcode_number.trim() !== '' &&
  (facts.external_api_status === 'pending' || facts.external_api_status === 'failed');

/** Fetch results: integration on, the order at the laboratory, and its results not in yet. */
export const canFetchExternalResults = (facts: ExternalOrderFacts): boolean =>
  facts.api_enabled &&
  !facts.has_external_data &&
  (facts.external_api_status === 'submitted' ||
    facts.external_api_status === 'sample_received' ||
    facts.external_api_status === 'complete');

/** Sync status: integration on and the order at the laboratory. */
export const canSyncExternalOrder = (facts: ExternalOrderFacts): boolean =>
  facts.api_enabled && facts.external_api_status !== 'pending';

/** spec 1 §2, §4 and §8: the panel's texts, word for word. */
export const EXTERNAL_LAB_TEXTS = {
  title: 'External Lab Integration',
  notEnabled: 'External lab integration is not enabled',
  submitOrder: 'Submit Order',
  fetchResults: 'Fetch Results',
  syncStatus: 'Sync Status',
  createResult: 'Create Result for External Lab',
  failedToCreateResult: 'Failed to create test result',
  failedToLoadStatus: 'Failed to load API status',
  failedToSubmit: 'Failed to submit to external API',
  failedToSync: 'Failed to sync status',
  failedToFetch: 'Failed to fetch results from external API',
  externalLabId: 'External Lab ID',
  lastSync: 'Last Sync',
  refusedTitle: 'Refused by Labline (not stored)',
  /** The draft's text before the laboratory's values, for a test request without markers. */
  awaitingResults: 'Awaiting the external laboratory\u2019s results',
} as const;

/** The server's answers and refusals, each a sentence saying why. */
export const EXTERNAL_LAB_ERRORS = {
  notEnabled: 'External lab integration is not enabled for this institution',
  noResult: 'This test request has no result yet: create it first (POST /results/create)',
  noBarcode: 'The test request has no barcode number: assign one before submitting it',
  notSubmittable: (status: ExternalLabStatus) =>
    `An order that is ${EXTERNAL_LAB_STATUS_LABELS[status].toLowerCase()} cannot be submitted again`,
  notSubmitted: 'The order has not been submitted to the external laboratory',
  otherProvider: (provider: string) => `The order went to the external laboratory '${provider}': ask that one`,
  resultsAlreadyReceived: "The external laboratory's results are already in this result",
  resultNotDraft: 'The result is no longer a draft: the laboratory\u2019s results are not written over a reviewed one',
  noResultsYet: 'The external laboratory has no results for this order yet',
  providerDown: (reason: string) => `The external laboratory could not be reached: ${reason}`,
  refused: (reason: string) => `The external laboratory refused the order: ${reason}`,
  orderUnknown: 'The external laboratory does not know this order',
  providerNotConfigured: (provider: string) => `The external laboratory '${provider}' is not configured`,
  markerNotOrdered: (loinc: string) => `${loinc} was not ordered: refused and not stored`,
  unitMismatch: (loinc: string, unit: string | null, expected: string | null) =>
    `${loinc} came in ${unit ?? 'no unit'}, the marker's unit is ${expected ?? 'none'}: refused and not stored`,
  noLoinc: (marker: string) => `The marker ${marker} has no LOINC code: the laboratory cannot be asked for it`,
} as const;
