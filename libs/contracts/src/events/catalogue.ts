import { z } from 'zod';
import { CATALOGUE_KINDS, LOOKUP_KINDS } from '../catalogue';
import { entityIdSchema } from '../http/fields';

/**
 * Clinical events of the CMS catalogue (stream `catalogue-{id}`, one per item) and of lab assignments
 * (stream `labAssignment-{id}`). Created and Updated carry the item's whole snapshot, so a consumer (results'
 * markers and panels, analytics' test types) never needs an earlier event. Events keep tolerant forms: what
 * was stored before a rule tightened must still be read.
 */
const idList = z.array(entityIdSchema);

const snapshotBase = {
  itemId: entityIdSchema,
  name: z.string().max(200),
  description: z.string().max(2000).nullable(),
  active: z.boolean(),
  sort_order: z.number().int().nonnegative(),
  /** Empty: global (every institution). */
  institution_ids: idList,
};

export const lookupSnapshotSchema = z.object({
  ...snapshotBase,
  kind: z.enum(LOOKUP_KINDS),
});

/**
 * A tube type (issue 22): the sample types it holds. Absent in the events written before it was added, and
 * absent or empty means the tube holds any sample type (as a device without tube types suits every marker).
 */
export const tubeTypeSnapshotSchema = z.object({
  ...snapshotBase,
  kind: z.literal('tube-types'),
  sample_type_ids: idList.default([]),
});

export const markerSnapshotSchema = z.object({
  ...snapshotBase,
  kind: z.literal('markers'),
  /** A LOINC code (checked when written), or null. */
  marker_code: z.string().max(20).nullable(),
  /** Sample volume in µL. */
  value: z.number().nonnegative().nullable(),
  /** The units as typed, for display. */
  units: z.string().max(50).nullable(),
  /** The UCUM code of the units (null when there are none). */
  units_ucum: z.string().max(100).nullable(),
  range_min: z.number().nullable(),
  range_max: z.number().nullable(),
  sample_type_ids: idList,
  tube_type_ids: idList,
  collection_device_ids: idList,
});

export const panelSnapshotSchema = z.object({
  ...snapshotBase,
  kind: z.literal('panels'),
  sample_type_id: entityIdSchema,
  marker_ids: idList,
});

export const collectionDeviceSnapshotSchema = z.object({
  ...snapshotBase,
  kind: z.literal('collection-devices'),
  /** µL; null: the order form's default capacity. */
  max_capacity: z.number().int().positive().nullable(),
  /** None: the device suits every marker. */
  tube_type_ids: idList,
});

export const labSnapshotSchema = z.object({
  ...snapshotBase,
  kind: z.literal('labs'),
  address: z.string().max(500).nullable(),
  phone: z.string().max(40).nullable(),
  email: z.string().max(254).nullable(),
});

export const catalogueItemSnapshotSchema = z.discriminatedUnion('kind', [
  lookupSnapshotSchema,
  tubeTypeSnapshotSchema,
  markerSnapshotSchema,
  panelSnapshotSchema,
  collectionDeviceSnapshotSchema,
  labSnapshotSchema,
]);
export type CatalogueItemSnapshot = z.infer<typeof catalogueItemSnapshotSchema>;

export const catalogueItemCreatedSchema = catalogueItemSnapshotSchema;
export const catalogueItemUpdatedSchema = catalogueItemSnapshotSchema;
export const catalogueItemDeletedSchema = z.object({
  itemId: entityIdSchema,
  kind: z.enum(CATALOGUE_KINDS),
  institution_ids: idList,
});

/** A lab serves an institution for one sample type (spec 3 §3 Lab assignment). */
export const labAssignedSchema = z.object({
  assignmentId: entityIdSchema,
  institution_id: entityIdSchema,
  lab_id: entityIdSchema,
  sample_type_id: entityIdSchema,
});
export const labAssignmentRemovedSchema = labAssignedSchema;

export const CATALOGUE_EVENT_SCHEMAS = {
  CatalogueItemCreated: catalogueItemCreatedSchema,
  CatalogueItemUpdated: catalogueItemUpdatedSchema,
  CatalogueItemDeleted: catalogueItemDeletedSchema,
  LabAssigned: labAssignedSchema,
  LabAssignmentRemoved: labAssignmentRemovedSchema,
} as const;
