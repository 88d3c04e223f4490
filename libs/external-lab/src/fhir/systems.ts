/**
 * The code systems and identifier systems the FHIR R4 adapter writes and reads. The LOINC, UCUM and HL7 ones are
 * the standard URIs; the `urn:labline:` ones name Labline's own identifiers, as the placer of the order.
 */
export const FHIR_SYSTEMS = {
  loinc: 'http://loinc.org',
  ucum: 'http://unitsofmeasure.org',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  /** The test request's TR-… display id: the ServiceRequest's and the Task's identifier. */
  testRequest: 'urn:labline:test-request',
  /** The patient's PAT-… display id. */
  patient: 'urn:labline:patient',
  /** The test request's barcode: the Specimen's identifier. */
  specimenBarcode: 'urn:labline:specimen-barcode',
} as const;

/** FHIR's resource id grammar: an external id outside it cannot name an order, so nothing is asked. */
export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
