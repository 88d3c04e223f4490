/**
 * Lab assignments (spec 3 §2 Labs tab, §3 Lab assignment, §5, §7; spec 1 §3 Available lab), served by the
 * clinical service at `/institutions/{id}/labs`.
 */
import { z } from 'zod';
import { CATALOGUE_FIELD_LIMITS } from './catalogue-bodies';
import { entityIdSchema, idText, requestObject, safeText } from './fields';

/** An institution's lab for one sample type, with the lab's details. */
export const labAssignmentSchema = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  lab_id: z.number().int(),
  /** The sample type's name (what the order form filters by). */
  sample_type: z.string(),
  sample_type_id: z.number().int(),
  created_at: z.string(),
  lab_name: z.string(),
  lab_description: z.string().nullable(),
  lab_address: z.string().nullable(),
  lab_phone: z.string().nullable(),
  lab_email: z.string().nullable(),
  lab_active: z.boolean(),
  /** spec 1 §3 names it; labs have no contact person yet. */
  contact_person: z.string().nullable(),
});
export type LabAssignment = z.infer<typeof labAssignmentSchema>;

/** A select left empty sends '' or null: read as missing ("Please select both a lab and sample type"). */
export const chosenId = z
  .union([entityIdSchema, z.literal(''), z.null()], { error: 'must be an id' })
  .optional()
  .transform((value) => (typeof value === 'number' ? value : null));

/**
 * POST /institutions/{id}/labs: the lab and the sample type, by name (the spec's form) or by id. The lab
 * must be active, the sample type active and available to the institution (global or its own).
 */
export const labAssignmentBodySchema = requestObject({
  lab_id: chosenId,
  sample_type: safeText(CATALOGUE_FIELD_LIMITS.name)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  sample_type_id: chosenId,
});
export type LabAssignmentBody = z.input<typeof labAssignmentBodySchema>;
export type LabAssignmentInput = z.output<typeof labAssignmentBodySchema>;

/** GET /institutions/{id}/labs: the order form narrows to one sample type, by name (case-insensitive) or id. */
export const labAssignmentListQuerySchema = requestObject({
  sample_type: safeText(CATALOGUE_FIELD_LIMITS.name).optional(),
  sample_type_id: idText.optional(),
});
export type LabAssignmentListQuery = z.infer<typeof labAssignmentListQuerySchema>;

/** `/institutions/{id}/labs/{assignmentId}`. */
export const labAssignmentParamsSchema = requestObject({ id: idText, assignmentId: idText });

export const labAssignmentListResponseSchema = z.object({ labs: z.array(labAssignmentSchema) });
export const labAssignmentResponseSchema = z.object({ assignment: labAssignmentSchema });
