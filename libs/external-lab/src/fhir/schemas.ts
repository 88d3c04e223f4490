/**
 * What the adapter reads of the laboratory's answers, checked with zod at the boundary: only the elements it uses,
 * every other element let through untouched (a laboratory may send more than Labline reads).
 */
import { z } from 'zod';

const coding = z.looseObject({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
});
const codeableConcept = z.looseObject({ coding: z.array(coding).optional(), text: z.string().optional() });
const reference = z.looseObject({ reference: z.string().optional(), display: z.string().optional() });
const quantity = z.looseObject({
  value: z.number().optional(),
  unit: z.string().optional(),
  system: z.string().optional(),
  code: z.string().optional(),
});
const meta = z.looseObject({ lastUpdated: z.string().optional() }).optional();

export const operationOutcomeSchema = z.looseObject({
  resourceType: z.literal('OperationOutcome'),
  issue: z
    .array(
      z.looseObject({
        severity: z.string().optional(),
        code: z.string().optional(),
        diagnostics: z.string().optional(),
        details: codeableConcept.optional(),
      }),
    )
    .default([]),
});

export const taskSchema = z.looseObject({
  resourceType: z.literal('Task'),
  id: z.string(),
  meta,
  status: z.string(),
  businessStatus: codeableConcept.optional(),
  statusReason: codeableConcept.optional(),
  lastModified: z.string().optional(),
  authoredOn: z.string().optional(),
});
export type FhirTask = z.infer<typeof taskSchema>;

export const observationSchema = z.looseObject({
  resourceType: z.literal('Observation'),
  id: z.string().optional(),
  status: z.string(),
  code: codeableConcept,
  valueQuantity: quantity.optional(),
  valueString: z.string().optional(),
  valueInteger: z.number().optional(),
  valueCodeableConcept: codeableConcept.optional(),
  dataAbsentReason: codeableConcept.optional(),
  referenceRange: z.array(z.looseObject({ low: quantity.optional(), high: quantity.optional() })).optional(),
  interpretation: z.array(codeableConcept).optional(),
});
export type FhirObservation = z.infer<typeof observationSchema>;

export const diagnosticReportSchema = z.looseObject({
  resourceType: z.literal('DiagnosticReport'),
  id: z.string().optional(),
  meta,
  status: z.string(),
  issued: z.string().optional(),
  result: z.array(reference).optional(),
  conclusion: z.string().optional(),
});
export type FhirDiagnosticReport = z.infer<typeof diagnosticReportSchema>;

/** Any resource: its type and id, the rest read by the schemas above once its type is known. */
export const anyResourceSchema = z.looseObject({ resourceType: z.string(), id: z.string().optional() });

export const bundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.string(),
  entry: z
    .array(
      z.looseObject({
        fullUrl: z.string().optional(),
        resource: anyResourceSchema.optional(),
        response: z.looseObject({ status: z.string(), location: z.string().optional() }).optional(),
        search: z.looseObject({ mode: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});
export type FhirBundle = z.infer<typeof bundleSchema>;
