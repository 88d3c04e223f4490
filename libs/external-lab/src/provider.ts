/**
 * An external laboratory, as Labline's results service sees it: a provider that takes an order, tells where the
 * order stands, and gives back its results. `{provider}` in the API's paths (`/external-api/{provider}/…`) names
 * one adapter. Every adapter passes the contract suite (`@labline/external-lab/testing`), whatever protocol it
 * speaks; the FHIR R4 adapter is the first.
 *
 * Failures are typed, never a bare Error: the caller tells "try again later" (ProviderDownError) from "the
 * laboratory said no" (ProviderRefusedError) from "it does not know this order" (OrderNotFoundError).
 */

import type { TestRequestPriority } from '@labline/contracts';

/** A marker as ordered: the catalogue's LOINC code and UCUM unit are what the laboratory reads. */
export interface OrderedMarker {
  markerId: number;
  name: string;
  /** LOINC code, checked (contracts' isLoincCode). */
  loinc: string;
  /** UCUM code of the unit the result must come in; null when the marker has none. */
  unitUcum: string | null;
}

/** What goes to the laboratory for one test request. */
export interface LabOrder {
  testRequestId: number;
  /** TR-… display id, sent as the order's identifier besides the numeric id. */
  displayId: string;
  /** The specimen's barcode (the test request's barcode_number): the specimen's identifier at the laboratory. */
  barcode: string;
  sampleType: string | null;
  /** normal goes out as FHIR's routine. */
  priority: TestRequestPriority;
  orderedAt: string;
  patient: {
    id: number;
    /** PAT-… display id. */
    displayId: string;
    firstName: string;
    lastName: string;
    /** YYYY-MM-DD, or null when unknown. */
    birthDate: string | null;
    gender: 'male' | 'female' | 'other' | 'unknown';
  };
  /** The ordering clinician, when known. */
  requester: { id: number; name: string } | null;
  markers: readonly OrderedMarker[];
}

/** Where an order stands at the laboratory (spec 1 §4's external lab statuses, but `pending` is Labline's own). */
export type ExternalOrderStatus = 'submitted' | 'sample_received' | 'complete' | 'failed';

export interface OrderState {
  /** The laboratory's id for the order (external_lab_id). */
  externalId: string;
  status: ExternalOrderStatus;
  /** Why, when failed (the laboratory's words). */
  reason: string | null;
  /** When the laboratory last changed it (ISO 8601). */
  updatedAt: string;
}

/** One value as the laboratory reported it. */
export interface ExternalObservation {
  loinc: string;
  /** Display name the laboratory gave (for a report of a code the order did not ask for). */
  name: string;
  value: number | string;
  /** UCUM code of the value's unit (null for a text value). */
  unitUcum: string | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  /** HL7 v3 ObservationInterpretation code, when the laboratory flagged it: H, L, N, HH, LL, A… */
  flag: string | null;
}

export interface ExternalResults {
  externalId: string;
  /** When the laboratory issued the report (ISO 8601). */
  issuedAt: string;
  observations: readonly ExternalObservation[];
  /** The laboratory's conclusion, if it wrote one. */
  conclusion: string | null;
}

export interface ExternalLabProvider {
  /** The `{provider}` path segment that names this adapter (e.g. 'fhir'). */
  readonly name: string;
  /** Sends the order; answers where it stands right after. Sending the same test request twice gives the same order. */
  submitOrder(order: LabOrder): Promise<OrderState>;
  readStatus(externalId: string): Promise<OrderState>;
  /** The results once the order is complete; null while they are not available yet. */
  fetchResults(externalId: string): Promise<ExternalResults | null>;
}

export type ExternalLabErrorKind = 'provider_down' | 'refused' | 'not_found';

export abstract class ExternalLabError extends Error {
  abstract readonly kind: ExternalLabErrorKind;
}

/** The laboratory could not be reached, timed out or answered 5xx: worth retrying later. */
export class ProviderDownError extends ExternalLabError {
  readonly kind = 'provider_down';
  override name = 'ProviderDownError';
}

/** The laboratory answered and said no (4xx other than 404, an invalid resource, an OperationOutcome error). */
export class ProviderRefusedError extends ExternalLabError {
  readonly kind = 'refused';
  override name = 'ProviderRefusedError';
}

/** The laboratory does not know the order. */
export class OrderNotFoundError extends ExternalLabError {
  readonly kind = 'not_found';
  override name = 'OrderNotFoundError';
}
