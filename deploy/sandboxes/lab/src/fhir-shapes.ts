/** The FHIR R4 resources the sandbox laboratory writes: its answers, its errors, its report and its statement. */
import type {
  Bundle,
  CapabilityStatement,
  CodeableConcept,
  DiagnosticReport,
  Observation,
  OperationOutcome,
  Reference,
  Resource,
  ServiceRequest,
  Specimen,
} from '@medplum/fhirtypes';
import type { LabTest, MadeUpValue } from './catalogue';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** The sandbox laboratory's own business statuses for a Task (there is no standard code system for them). */
export const BUSINESS_STATUS_SYSTEM = 'urn:labline:lab-sandbox:business-status';

const INTERPRETATION_DISPLAY = { H: 'High', L: 'Low', N: 'Normal' } as const;

/** An error answer's body: HTTP 4xx/5xx always comes with one. */
export function operationOutcome(code: string, diagnostics: string, severity = 'error'): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: severity as 'error', code: code as 'processing', diagnostics, details: { text: diagnostics } }],
  };
}

export function searchset(baseUrl: string, matches: readonly Resource[], included: readonly Resource[]): Bundle {
  const entry = (resource: Resource, mode: 'match' | 'include') => ({
    fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    entry: [
      ...matches.map((resource) => entry(resource, 'match')),
      ...included.map((resource) => entry(resource, 'include')),
    ],
  };
}

export function businessStatus(code: string, display: string): CodeableConcept {
  return { coding: [{ system: BUSINESS_STATUS_SYSTEM, code, display }], text: display };
}

type Subject = NonNullable<Observation['subject'] & DiagnosticReport['subject']>;
type SpecimenReference = Reference<Specimen> | undefined;
type OrderReference = Reference<ServiceRequest>;

export interface ObservationFacts {
  loinc: string;
  test: LabTest;
  made: MadeUpValue;
  subject: Subject;
  specimen: SpecimenReference;
  basedOn: OrderReference;
  issued: string;
}

export function observation(facts: ObservationFacts): Observation {
  const { test, made } = facts;
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
            display: 'Laboratory',
          },
        ],
      },
    ],
    code: { coding: [{ system: LOINC, code: facts.loinc, display: test.name }], text: test.name },
    subject: facts.subject,
    ...(facts.specimen ? { specimen: facts.specimen } : {}),
    basedOn: [facts.basedOn],
    effectiveDateTime: facts.issued,
    issued: facts.issued,
    valueQuantity: { value: made.value, unit: test.unit, system: UCUM, code: test.unit },
    interpretation: [
      { coding: [{ system: INTERPRETATION, code: made.flag, display: INTERPRETATION_DISPLAY[made.flag] }] },
    ],
    referenceRange: [
      {
        low: { value: test.low, unit: test.unit, system: UCUM, code: test.unit },
        high: { value: test.high, unit: test.unit, system: UCUM, code: test.unit },
      },
    ],
  };
}

export function diagnosticReport(facts: {
  subject: Subject;
  specimen: SpecimenReference;
  basedOn: OrderReference;
  issued: string;
  results: readonly Reference<Observation>[];
  outOfRange: number;
}): DiagnosticReport {
  return {
    resourceType: 'DiagnosticReport',
    status: 'final',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] },
    ],
    code: { coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }], text: 'Laboratory report' },
    subject: facts.subject,
    basedOn: [facts.basedOn],
    ...(facts.specimen ? { specimen: [facts.specimen] } : {}),
    effectiveDateTime: facts.issued,
    issued: facts.issued,
    result: [...facts.results],
    conclusion:
      facts.outOfRange === 0
        ? 'All results within the reference ranges.'
        : `${facts.outOfRange} result(s) outside the reference range.`,
  };
}

/** The types the sandbox serves, and what a client can do with each. */
export const SERVED_TYPES = [
  'Patient',
  'Specimen',
  'ServiceRequest',
  'Task',
  'DiagnosticReport',
  'Observation',
] as const;

export function capabilityStatement(date: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'Labline',
    kind: 'instance',
    software: { name: 'Labline laboratory sandbox' },
    implementation: { description: 'A stand-in reference laboratory for development and tests' },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        resource: SERVED_TYPES.map((type) => ({
          type,
          interaction: [{ code: 'read' }, { code: 'search-type' }, { code: 'create' }],
          conditionalCreate: true,
          searchParam: [
            { name: 'identifier', type: 'token' },
            ...(['Task', 'DiagnosticReport', 'Observation'].includes(type)
              ? [{ name: 'based-on', type: 'reference' as const }]
              : []),
          ],
          ...(type === 'DiagnosticReport' ? { searchInclude: ['DiagnosticReport:result'] } : {}),
        })),
        interaction: [{ code: 'transaction' }],
      },
    ],
  };
}
