/**
 * The CMS catalogue's request bodies (spec 3 §2, §5), served by the clinical service at `/cms/{kind}`; the
 * items and the other requests and answers are in catalogue.ts.
 *
 * POST takes the item's fields (name required), PUT the fields to change (a field left out keeps its
 * value: the collection devices table toggles a badge with `{ active: false }`). An empty string or null
 * unsets an optional field. Numbers come as JSON numbers or as decimal text (a form's input): "12.5" is
 * 12.5, "" is unset, anything else is refused. Unknown fields are refused, computed ones included.
 */
import { z } from 'zod';
import { perCatalogueKind, type CatalogueKind } from '../catalogue';
import { CATALOGUE_FIELD_ERRORS } from '../catalogue-errors';
import { isLoincCode } from '../loinc';
import { NUMBER_PROBLEMS, numberProblem, type NumberRules } from '../numbers';
import { FIELD_LIMITS, entityIdSchema, mergedPhone, requestObject, requiredText, safeText } from './fields';

/** Length limits of the catalogue's text fields (the forms stop typing at the same length). */
export const CATALOGUE_FIELD_LIMITS = {
  name: 200,
  description: 2000,
  markerCode: 20,
  units: 50,
  labAddress: 500,
  /** Ids one list field may name. */
  references: 100,
  /** The largest number a numeric field takes (µL, sort orders, ranges). */
  number: 1_000_000_000,
} as const;

// ------------------------------------------------------------------------------------------ field types

type IssueContext = { addIssue(issue: { code: 'custom'; message: string }): void };
const refuse = (context: IssueContext, message: string): never => {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)$/;

const numberMax = CATALOGUE_FIELD_LIMITS.number;
/** The catalogue's number fields and their rules; the CMS form checks them with the same numberProblem. */
export const CATALOGUE_NUMBER_RULES = {
  sort_order: { min: 0, integer: true, max: numberMax },
  /** Sample volume, µL. */
  value: { min: 0, max: numberMax },
  range_min: { max: numberMax },
  range_max: { max: numberMax },
  /** µL, a whole number of at least 1. */
  max_capacity: { min: 1, integer: true, max: numberMax },
} as const satisfies Record<string, NumberRules>;

/**
 * A number of a form: a JSON number or decimal text; '' and null unset it (null); absent keeps it
 * (undefined). The rules as the field needs.
 */
function formNumber(rules: NumberRules) {
  return z
    .union([z.number(), z.string(), z.null()], { error: NUMBER_PROBLEMS.notANumber })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === null) return value;
      const text = typeof value === 'string' ? value.trim() : null;
      if (text === '') return null;
      const number = text === null ? value : DECIMAL.test(text) ? Number(text) : Number.NaN;
      if (typeof number !== 'number') return refuse(context, NUMBER_PROBLEMS.notANumber);
      const problem = numberProblem(number, rules);
      return problem === null ? number : refuse(context, problem);
    });
}

/** Optional text for a merge: absent keeps it, '' or null unsets it. */
const mergedText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText(max, options)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/** Optional e-mail for a merge: absent keeps it, '' or null unsets it, anything else must be an address. */
const mergedEmail = safeText(FIELD_LIMITS.email)
  .toLowerCase()
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value))
  .pipe(z.email('must be a valid email address').nullable().optional());

/** Ids of other items (duplicates are dropped). */
const referenceIds = z
  .array(entityIdSchema)
  .max(CATALOGUE_FIELD_LIMITS.references, `must list at most ${CATALOGUE_FIELD_LIMITS.references} items`)
  .optional()
  .transform((ids) => (ids === undefined ? undefined : [...new Set(ids)]));

/** A required id of a form: '' and null (a select left empty) read as missing. */
const requiredReferenceId = z.unknown().transform((value, context) => {
  if (value === undefined || value === null || value === '') return refuse(context, 'is required');
  const parsed = entityIdSchema.safeParse(value);
  return parsed.success ? parsed.data : refuse(context, parsed.error.issues[0]?.message ?? 'is invalid');
});

/** A LOINC code (`2345-7`, check digit checked), '' or null for none. */
const loincCode = mergedText(CATALOGUE_FIELD_LIMITS.markerCode).refine(
  (code) => code === undefined || code === null || isLoincCode(code),
  CATALOGUE_FIELD_ERRORS.invalidLoincCode,
);

// ------------------------------------------------------------------------------------------------ bodies

/** Every kind's fields but its name: all optional (a merge). */
const sharedFields = {
  description: mergedText(CATALOGUE_FIELD_LIMITS.description, { multiline: true }),
  active: z.boolean().optional(),
  /** '' or null: 0. */
  sort_order: formNumber(CATALOGUE_NUMBER_RULES.sort_order),
  /** Empty: global. A non-super_admin's items are their institution's (it is filled in and kept). */
  institution_ids: z
    .array(entityIdSchema)
    .max(50, 'must list at most 50 institutions')
    .optional()
    .transform((ids) => (ids === undefined ? undefined : [...new Set(ids)])),
};

const lookupFields = sharedFields;
/** The sample types the tube holds (none: any). */
const tubeTypeFields = { ...sharedFields, sample_type_ids: referenceIds };
const markerFields = {
  ...sharedFields,
  marker_code: loincCode,
  /** Sample volume, µL. */
  value: formNumber(CATALOGUE_NUMBER_RULES.value),
  /** UCUM units as they should be displayed (checked by the service against UCUM). */
  units: mergedText(CATALOGUE_FIELD_LIMITS.units),
  range_min: formNumber(CATALOGUE_NUMBER_RULES.range_min),
  range_max: formNumber(CATALOGUE_NUMBER_RULES.range_max),
  sample_type_ids: referenceIds,
  tube_type_ids: referenceIds,
  collection_device_ids: referenceIds,
};
const panelFields = { ...sharedFields, sample_type_id: entityIdSchema.optional(), marker_ids: referenceIds };
const collectionDeviceFields = {
  ...sharedFields,
  /** µL, a whole number of at least 1; '' or null: none (the order form's default). */
  max_capacity: formNumber(CATALOGUE_NUMBER_RULES.max_capacity),
  tube_type_ids: referenceIds,
};
const { institution_ids: _labsHaveNoInstitutions, ...labShared } = sharedFields;
const labFields = {
  ...labShared,
  address: mergedText(CATALOGUE_FIELD_LIMITS.labAddress, { multiline: true }),
  phone: mergedPhone,
  email: mergedEmail,
};

const name = requiredText(CATALOGUE_FIELD_LIMITS.name);

const createBody = <S extends z.ZodRawShape>(fields: S) => requestObject({ ...fields, name });
const updateBody = <S extends z.ZodRawShape>(fields: S) => requestObject({ ...fields, name: name.optional() });

export const lookupCreateBodySchema = createBody(lookupFields);
export const tubeTypeCreateBodySchema = createBody(tubeTypeFields);
export const markerCreateBodySchema = createBody(markerFields);
export const panelCreateBodySchema = createBody({ ...panelFields, sample_type_id: requiredReferenceId });
export const collectionDeviceCreateBodySchema = createBody(collectionDeviceFields);
export const labCreateBodySchema = createBody(labFields);

export const lookupUpdateBodySchema = updateBody(lookupFields);
export const tubeTypeUpdateBodySchema = updateBody(tubeTypeFields);
export const markerUpdateBodySchema = updateBody(markerFields);
export const panelUpdateBodySchema = updateBody(panelFields);
export const collectionDeviceUpdateBodySchema = updateBody(collectionDeviceFields);
export const labUpdateBodySchema = updateBody(labFields);

/** POST /cms/{kind}: the body schema of each kind. */
export const CATALOGUE_CREATE_BODY_SCHEMAS = perCatalogueKind({
  lookup: lookupCreateBodySchema,
  tubeTypes: tubeTypeCreateBodySchema,
  markers: markerCreateBodySchema,
  panels: panelCreateBodySchema,
  devices: collectionDeviceCreateBodySchema,
  labs: labCreateBodySchema,
});

/** PUT /cms/{kind}/{id}: the body schema of each kind (every field optional: a merge). */
export const CATALOGUE_UPDATE_BODY_SCHEMAS = perCatalogueKind({
  lookup: lookupUpdateBodySchema,
  tubeTypes: tubeTypeUpdateBodySchema,
  markers: markerUpdateBodySchema,
  panels: panelUpdateBodySchema,
  devices: collectionDeviceUpdateBodySchema,
  labs: labUpdateBodySchema,
});

export type CatalogueCreateBody<K extends CatalogueKind> = z.input<(typeof CATALOGUE_CREATE_BODY_SCHEMAS)[K]>;
export type CatalogueCreateInput<K extends CatalogueKind> = z.output<(typeof CATALOGUE_CREATE_BODY_SCHEMAS)[K]>;
export type CatalogueUpdateBody<K extends CatalogueKind> = z.input<(typeof CATALOGUE_UPDATE_BODY_SCHEMAS)[K]>;
export type CatalogueUpdateInput<K extends CatalogueKind> = z.output<(typeof CATALOGUE_UPDATE_BODY_SCHEMAS)[K]>;
