/**
 * The laboratory's resources as the provider interface's answers: a Task as where the order stands, a final
 * DiagnosticReport with its Observations as the results.
 */
import type { ExternalObservation, ExternalOrderStatus, ExternalResults, OrderState } from '../provider';
import type { FhirDiagnosticReport, FhirObservation, FhirTask } from './schemas';
import { FHIR_SYSTEMS } from './systems';

/** Task statuses that end the order without results. */
const FAILED_TASK_STATUSES = new Set(['failed', 'rejected', 'cancelled', 'entered-in-error']);
/** The businessStatus codes that say the laboratory has the sample (HL7 has no standard set; these are common). */
const SAMPLE_RECEIVED_CODES = new Set(['sample-received', 'specimen-received', 'received']);
const SAMPLE_RECEIVED_TEXT = /\b(sample|specimen)\s+received\b/i;
/** The report statuses whose values are released by the laboratory. */
const FINAL_REPORT_STATUSES = new Set(['final', 'amended', 'corrected', 'appended']);
/** The laboratory has released the report's values. */
export const isFinalReport = (status: string) => FINAL_REPORT_STATUSES.has(status);
/** Observations that do not stand: never reported as values. */
const WITHDRAWN_OBSERVATION_STATUSES = new Set(['cancelled', 'entered-in-error']);

type Concept = { coding?: { system?: string; code?: string; display?: string }[]; text?: string } | undefined;

const conceptText = (concept: Concept) =>
  concept?.text ?? concept?.coding?.find((coding) => coding.display)?.display ?? concept?.coding?.[0]?.code;

function statusOfTask(task: FhirTask): ExternalOrderStatus {
  if (task.status === 'completed') return 'complete';
  if (FAILED_TASK_STATUSES.has(task.status)) return 'failed';
  const business = task.businessStatus;
  const received =
    business?.coding?.some((coding) => coding.code !== undefined && SAMPLE_RECEIVED_CODES.has(coding.code)) ||
    SAMPLE_RECEIVED_TEXT.test(business?.text ?? '');
  return received || task.status === 'in-progress' ? 'sample_received' : 'submitted';
}

/** Where the order stands, read from its Task; `externalId` is the order's ServiceRequest id. */
export function orderStateOf(externalId: string, task: FhirTask): OrderState {
  const status = statusOfTask(task);
  return {
    externalId,
    status,
    reason:
      status === 'failed'
        ? (conceptText(task.statusReason) ??
          conceptText(task.businessStatus) ??
          `The laboratory marked the order ${task.status}`)
        : null,
    updatedAt: task.meta?.lastUpdated ?? task.lastModified ?? task.authoredOn ?? new Date().toISOString(),
  };
}

function observationValue(observation: FhirObservation): Pick<ExternalObservation, 'value' | 'unitUcum'> {
  const quantity = observation.valueQuantity;
  if (quantity?.value !== undefined) {
    // Only a UCUM code is a unit Labline can compare with the marker's; a free-text unit counts as none.
    return { value: quantity.value, unitUcum: quantity.system === FHIR_SYSTEMS.ucum ? (quantity.code ?? null) : null };
  }
  if (observation.valueInteger !== undefined) return { value: observation.valueInteger, unitUcum: null };
  if (observation.valueString !== undefined) return { value: observation.valueString, unitUcum: null };
  const text = conceptText(observation.valueCodeableConcept);
  if (text !== undefined) return { value: text, unitUcum: null };
  return { value: `no value (${conceptText(observation.dataAbsentReason) ?? 'not given'})`, unitUcum: null };
}

/** One Observation as a reported value, its LOINC code the first LOINC coding (or its first code, if none is). */
export function observationOf(observation: FhirObservation): ExternalObservation {
  const codings = observation.code.coding ?? [];
  const code = codings.find((coding) => coding.system === FHIR_SYSTEMS.loinc)?.code ?? codings[0]?.code ?? '';
  const range = observation.referenceRange?.[0];
  const interpretation = observation.interpretation?.[0]?.coding ?? [];
  return {
    loinc: code,
    name: conceptText(observation.code) ?? code,
    ...observationValue(observation),
    referenceLow: range?.low?.value ?? null,
    referenceHigh: range?.high?.value ?? null,
    flag:
      (interpretation.find((coding) => coding.system === FHIR_SYSTEMS.interpretation) ?? interpretation[0])?.code ??
      null,
  };
}

/** The results of a report, or null while the laboratory has not released it (not final yet). */
export function resultsOf(
  externalId: string,
  report: FhirDiagnosticReport,
  observations: readonly FhirObservation[],
): ExternalResults | null {
  if (!isFinalReport(report.status)) return null;
  return {
    externalId,
    issuedAt: report.issued ?? report.meta?.lastUpdated ?? new Date().toISOString(),
    observations: observations
      .filter((observation) => !WITHDRAWN_OBSERVATION_STATUSES.has(observation.status))
      .map(observationOf),
    conclusion: report.conclusion ?? null,
  };
}
