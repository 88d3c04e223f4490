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

/**
 * spec 1 §5 'Device Capacity Exceeded' in the order form. Issue 22: a device the user chose is never swapped
 * silently; when a marker or panel would overfill it, the dialog says what does not fit and offers the smallest
 * device that holds it, or keeping the device without the addition.
 */
export const DEVICE_CAPACITY_DIALOG = {
  title: ERRORS.deviceCapacityExceeded,
  /** What does not fit: `added` (a marker's or panel's name) would bring the test to `volume` µL. */
  tooMuch: (added: string, volume: number, device: string, capacity: number): string =>
    `With ${added} the test needs ${volume} µL, more than ${device} holds (${capacity} µL).`,
  /** The choice, naming the device that holds it. */
  choice: (device: string, alternative: string, capacity: number): string =>
    `Switch to ${alternative} (${capacity} µL), or keep ${device} and leave the addition out.`,
  switchTo: (alternative: string): string => `Switch to ${alternative}`,
  keep: (device: string): string => `Keep ${device}`,
  /** A device chosen in the list that is too small for the tests already chosen: refused, the current one stays. */
  deviceTooSmall: (device: string, capacity: number, volume: number): string =>
    `${device} holds ${capacity} µL, less than the ${volume} µL the chosen tests need.`,
  /** spec 1 §5, word for word: no device holds the volume. */
  noDeviceHolds: (volume: number): string => `No collection devices available with sufficient capacity for ${volume}µL`,
} as const;

/** Issue 22: a device none of whose tube types holds the request's sample type. */
export const deviceDoesNotHoldSample = (deviceName: string, sampleType: string): string =>
  `collection_device_ids: ${deviceName} does not hold ${sampleType} samples`;

/** A status the transition table does not allow from the current one. */
export const statusChangeNotAllowed = (from: string, to: string): string =>
  `status: cannot change from ${from} to ${to}`;
