/**
 * The clinical service's field errors for test requests beyond the spec's own texts (those are in ERRORS).
 * A field error names its field first, like every 400 of the platform (the 409s of a request's state are
 * sentences); a patient, item or user the caller may not see answers as an unknown one does, so a caller
 * learns nothing about other tenants.
 */
import { CATALOGUE_FIELD_ERRORS } from './catalogue-errors';
import { ERRORS } from './errors';

export const TEST_REQUEST_FIELD_ERRORS = {
  unknownInstitution: 'institution_id: unknown institution',
  unknownPatient: 'patient_id: is not a patient available to you',
  patientNotOfInstitution: 'patient_id: the patient does not belong to the chosen institution',
  notAClinicianOfInstitution: 'clinician_id: is not an active clinician of the institution',
  sampleTypeRequired: 'sample_type: is required',
  sampleTypeNotAvailable: CATALOGUE_FIELD_ERRORS.sampleTypeNotAvailable,
  testsRequired: 'marker_ids: select a panel or at least one marker',
  panelNotAvailable: 'panel_id: is not an active panel of the chosen sample type available to this institution',
  panelMarkersOnly: "marker_ids: must be the panel's markers when a panel is chosen",
  markerNotAvailable:
    'marker_ids: includes a marker that is not active, not available to this institution or not of the chosen sample type',
  deviceRequired: 'collection_device_ids: select a collection device',
  oneDevice: 'collection_device_ids: choose one collection device',
  deviceNotAvailable: 'collection_device_ids: is not an active collection device available to this institution',
  deviceSelectionMismatch: 'device_selections: must name the chosen collection device, quantity 1',
  barcodeTaken: 'barcode_number: is already used by another test request',
  expectedDateTooSoon: 'expected_test_datetime: must be at least one hour from now',
  partnerRequired: 'fulfillment_partner_id: is required when fulfilment is by a partner',
  partnerNotAvailable: 'fulfillment_partner_id: is not an active fulfillment partner',
  notCancellable: 'status: only test requests that are not completed can be cancelled',
  messageOnlyWhenCancelling: 'custom_message: a message to the patient goes only with a cancellation',
  notArchivable: 'Only test requests that are neither completed nor cancelled can be archived',
  notArchived: 'Only archived test requests can be restored',
  notEditable: 'Completed or cancelled test requests cannot be edited',
} as const;

/** A lab that does not serve the institution for the sample type (the order form's lab list, spec 1 §5). */
export const labNotAssigned = (sampleType: string): string =>
  `lab_id: is not a laboratory assigned to this institution for ${sampleType} samples`;

/** spec 1 §5 'Device Capacity Exceeded', as the server's field error (capacity: the device's, or the default). */
export const deviceCapacityExceeded = (requiredVolume: number, capacity: number): string =>
  `collection_device_ids: ${ERRORS.deviceCapacityExceeded}: the chosen tests need ${requiredVolume} µL, more than the device's ${capacity} µL`;

/** Issue 22: a device none of whose tube types holds the request's sample type. */
export const deviceDoesNotHoldSample = (deviceName: string, sampleType: string): string =>
  `collection_device_ids: ${deviceName} does not hold ${sampleType} samples`;

/** A status the transition table does not allow from the current one. */
export const statusChangeNotAllowed = (from: string, to: string): string =>
  `status: cannot change from ${from} to ${to}`;
