import { describe, expect, test } from 'vitest';
import { orderBundle } from './order-bundle';
import { observationOf, orderStateOf, resultsOf } from './read';
import { observationSchema, taskSchema, type FhirDiagnosticReport } from './schemas';

const task = (fields: Record<string, unknown>) =>
  taskSchema.parse({ resourceType: 'Task', id: 't1', meta: { lastUpdated: '2026-11-29T08:00:00.000Z' }, ...fields });

describe("a Task as the order's status", () => {
  test.each([
    [{ status: 'requested', businessStatus: { text: 'Submitted' } }, 'submitted'],
    [{ status: 'accepted' }, 'submitted'],
    [{ status: 'in-progress', businessStatus: { coding: [{ code: 'sample-received' }] } }, 'sample_received'],
    [{ status: 'received', businessStatus: { text: 'Specimen received at the lab' } }, 'sample_received'],
    [{ status: 'in-progress' }, 'sample_received'],
    [{ status: 'completed' }, 'complete'],
    [{ status: 'rejected' }, 'failed'],
    [{ status: 'cancelled' }, 'failed'],
  ])('%j is %s', (fields, status) => {
    expect(orderStateOf('sr-1', task(fields)).status).toBe(status);
  });

  test("a failed order carries the laboratory's reason, from statusReason first", () => {
    expect(orderStateOf('sr-1', task({ status: 'failed', statusReason: { text: 'Specimen haemolysed' } }))).toEqual({
      externalId: 'sr-1',
      status: 'failed',
      reason: 'Specimen haemolysed',
      updatedAt: '2026-11-29T08:00:00.000Z',
    });
    const coded = task({
      status: 'rejected',
      statusReason: { coding: [{ code: 'x', display: 'Insufficient volume' }] },
    });
    expect(orderStateOf('sr-1', coded).reason).toBe('Insufficient volume');
    expect(orderStateOf('sr-1', task({ status: 'cancelled' })).reason).toBe(
      'The laboratory marked the order cancelled',
    );
    expect(orderStateOf('sr-1', task({ status: 'completed', statusReason: { text: 'n/a' } })).reason).toBeNull();
  });
});

describe('Observations and reports as results', () => {
  const quantity = (system: string) =>
    observationSchema.parse({
      resourceType: 'Observation',
      status: 'final',
      code: {
        coding: [
          { system: 'urn:other', code: 'GLU' },
          { system: 'http://loinc.org', code: '2345-7', display: 'Glucose' },
        ],
      },
      valueQuantity: { value: 104, unit: 'mg/dL', system, code: 'mg/dL' },
      referenceRange: [{ low: { value: 70 }, high: { value: 99 } }],
      interpretation: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'H' }] },
      ],
    });

  test('takes the LOINC coding, the UCUM unit, the first reference range and the HL7 flag', () => {
    expect(observationOf(quantity('http://unitsofmeasure.org'))).toEqual({
      loinc: '2345-7',
      name: 'Glucose',
      value: 104,
      unitUcum: 'mg/dL',
      referenceLow: 70,
      referenceHigh: 99,
      flag: 'H',
    });
  });

  test('a unit outside UCUM counts as none (matchResults then refuses it)', () => {
    expect(observationOf(quantity('urn:lab-local-units')).unitUcum).toBeNull();
  });

  test('no results while the report is not final; withdrawn observations are left out', () => {
    const report = (status: string): FhirDiagnosticReport => ({
      resourceType: 'DiagnosticReport',
      status,
      issued: '2026-11-29T09:00:00.000Z',
    });
    const withdrawn = observationSchema.parse({ ...quantity('http://unitsofmeasure.org'), status: 'entered-in-error' });
    expect(resultsOf('sr-1', report('preliminary'), [])).toBeNull();
    expect(resultsOf('sr-1', report('partial'), [])).toBeNull();
    expect(resultsOf('sr-1', report('final'), [quantity('http://unitsofmeasure.org'), withdrawn])).toEqual({
      externalId: 'sr-1',
      issuedAt: '2026-11-29T09:00:00.000Z',
      observations: [expect.objectContaining({ loinc: '2345-7' })],
      conclusion: null,
    });
  });
});

describe('the order bundle', () => {
  test("normal priority goes out as FHIR's routine, and a patient without a birth date has none", () => {
    const bundle = orderBundle({
      testRequestId: 5,
      displayId: 'TR-000005',
      barcode: 'LBL5',
      sampleType: null,
      priority: 'normal',
      orderedAt: '2026-11-29T08:00:00.000Z',
      patient: { id: 2, displayId: 'PAT-000002', firstName: 'C', lastName: 'D', birthDate: null, gender: 'other' },
      requester: null,
      markers: [{ markerId: 1, name: 'Glucose', loinc: '2345-7', unitUcum: 'mg/dL' }],
    });
    const [patient, specimen, request] = (bundle.entry ?? []).map(
      (entry) => entry.resource as unknown as Record<string, unknown>,
    );
    expect(request?.priority).toBe('routine');
    expect(request && 'requester' in request).toBe(false);
    expect(patient && 'birthDate' in patient).toBe(false);
    expect(specimen && 'type' in specimen).toBe(false);
  });
});
