/**
 * The CMS catalogue's HTTP contract (spec 3 §2, §3, §7; spec 1 §3, §7), served by the clinical service:
 * `/cms/{kind}` for every kind of CATALOGUE_KINDS, `/cms/labs/active` and `/cms/test-form-fields`. The
 * bodies of POST and PUT are in catalogue-bodies.ts, lab assignments in lab-assignments.ts.
 */
import { z } from 'zod';
import { CATALOGUE_KINDS, LOOKUP_KINDS, perCatalogueKind, type CatalogueKind } from '../catalogue';
import { idText, queryBooleanSchema, requestObject } from './fields';

// ------------------------------------------------------------------------------------------------ items

const itemBase = {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  sort_order: z.number().int(),
  /** Empty: global ("Global" in the Institutions column). */
  institution_ids: z.array(z.number().int()),
  institution_names: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
};
const namedReference = z.object({ id: z.number().int(), name: z.string() });

/** Sample types, priorities and statuses (spec 3 §3 Lookup item; spec 1 §3 Sample type). */
export const lookupItemSchema = z.object({ ...itemBase, kind: z.enum(LOOKUP_KINDS) });

/** spec 3 §3 Tube type, with the sample types it holds (issue 22; empty: any sample type). */
export const tubeTypeItemSchema = z.object({
  ...itemBase,
  kind: z.literal('tube-types'),
  sample_type_ids: z.array(z.number().int()),
});

/** spec 1 §3 Marker, with its LOINC code and UCUM units. */
export const markerItemSchema = z.object({
  ...itemBase,
  kind: z.literal('markers'),
  marker_code: z.string().nullable(),
  /** Sample volume, µL. */
  value: z.number().nullable(),
  /** As typed, for display. */
  units: z.string().nullable(),
  /** The UCUM code of the units. */
  units_ucum: z.string().nullable(),
  range_min: z.number().nullable(),
  range_max: z.number().nullable(),
  sample_type_ids: z.array(z.number().int()),
  tube_type_ids: z.array(z.number().int()),
  collection_device_ids: z.array(z.number().int()),
});

/** A panel's marker as the order form adds up volumes (GET /cms/panels/{id}). */
export const panelMarkerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number().nullable(),
  units: z.string().nullable(),
});
export type PanelMarker = z.infer<typeof panelMarkerSchema>;

/** spec 1 §3 Panel; marker_names and markers in the order of marker_ids. */
export const panelItemSchema = z.object({
  ...itemBase,
  kind: z.literal('panels'),
  sample_type_id: z.number().int(),
  sample_type_name: z.string().nullable(),
  marker_ids: z.array(z.number().int()),
  marker_names: z.array(z.string()),
  markers: z.array(panelMarkerSchema),
});

/** A device's tube type as the order form matches it to the sample type (issue 22). */
export const deviceTubeTypeSchema = namedReference.extend({ sample_type_ids: z.array(z.number().int()) });

/** spec 3 §3 Collection device. */
export const collectionDeviceItemSchema = z.object({
  ...itemBase,
  kind: z.literal('collection-devices'),
  /** µL; null: the order form's default capacity. */
  max_capacity: z.number().int().nullable(),
  tube_type_ids: z.array(z.number().int()),
  tube_types: z.array(deviceTubeTypeSchema),
});

/**
 * A lab with the Labs tab's Stats: institution_count is the institutions it is assigned to; user_count is 0
 * (no user belongs to an external lab: lab_user accounts belong to institutions); test_request_count counts
 * the requests ordered from it that are not archived.
 */
export const labItemSchema = z.object({
  ...itemBase,
  kind: z.literal('labs'),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  user_count: z.number().int(),
  institution_count: z.number().int(),
  test_request_count: z.number().int(),
});

export const catalogueItemSchema = z.discriminatedUnion('kind', [
  lookupItemSchema,
  tubeTypeItemSchema,
  markerItemSchema,
  panelItemSchema,
  collectionDeviceItemSchema,
  labItemSchema,
]);

export type LookupItem = z.infer<typeof lookupItemSchema>;
export type TubeTypeItem = z.infer<typeof tubeTypeItemSchema>;
export type MarkerItem = z.infer<typeof markerItemSchema>;
export type PanelItem = z.infer<typeof panelItemSchema>;
export type CollectionDeviceItem = z.infer<typeof collectionDeviceItemSchema>;
export type LabItem = z.infer<typeof labItemSchema>;
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** The item schema of each kind. */
export const CATALOGUE_ITEM_SCHEMAS = perCatalogueKind({
  lookup: lookupItemSchema,
  tubeTypes: tubeTypeItemSchema,
  markers: markerItemSchema,
  panels: panelItemSchema,
  devices: collectionDeviceItemSchema,
  labs: labItemSchema,
});
export type CatalogueItemOf<K extends CatalogueKind> = z.infer<(typeof CATALOGUE_ITEM_SCHEMAS)[K]>;

// ---------------------------------------------------------------------------------------------- requests

/**
 * GET /cms/{kind}: sorted by sort_order, then name. institution_id narrows to the global items and that
 * institution's (a non-super_admin may name only an institution of theirs: another answers 404); active
 * filters by status.
 */
export const catalogueListQuerySchema = requestObject({
  institution_id: idText.optional(),
  active: queryBooleanSchema.optional(),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuerySchema>;

/** GET /cms/test-form-fields: the order form's lookups for one institution (active items only). */
export const testFormFieldsQuerySchema = requestObject({ institution_id: idText });

// --------------------------------------------------------------------------------------------- responses

export const catalogueListResponseSchemaOf = <K extends CatalogueKind>(kind: K) =>
  z.object({ items: z.array(CATALOGUE_ITEM_SCHEMAS[kind]) });
export const catalogueItemResponseSchemaOf = <K extends CatalogueKind>(kind: K) =>
  z.object({ item: CATALOGUE_ITEM_SCHEMAS[kind] });

/** Any kind's list and item (the web's generic tab). */
export const catalogueListResponseSchema = z.object({ items: z.array(catalogueItemSchema) });
export const catalogueItemResponseSchema = z.object({ item: catalogueItemSchema });
export type CatalogueListResponse = z.infer<typeof catalogueListResponseSchema>;
export type CatalogueItemResponse = z.infer<typeof catalogueItemResponseSchema>;

/** DELETE's answer (and any other plain success text). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /cms/labs/active. */
export const activeLabsResponseSchema = z.object({ items: z.array(labItemSchema) });

/** GET /cms/test-form-fields (spec 1 §7). */
export const testFormFieldsResponseSchema = z.object({
  sample_types: z.array(lookupItemSchema),
  markers: z.array(markerItemSchema),
  panels: z.array(panelItemSchema),
  collection_devices: z.array(collectionDeviceItemSchema),
});
export type TestFormFields = z.infer<typeof testFormFieldsResponseSchema>;

/** Paths of one kind: `/cms/{kind}/{id}`. */
export const catalogueKindSchema = z.enum(CATALOGUE_KINDS);
