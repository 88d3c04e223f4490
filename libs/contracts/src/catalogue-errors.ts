/**
 * The clinical service's texts for the CMS catalogue and lab assignments beyond the spec's own (those are in
 * ERRORS). Field errors name their field first ("marker_code: …"), like every 400 of the platform; the web
 * shows them on the field of that name (labels.ts).
 */
import { CATALOGUE_KIND_LABELS, type CatalogueKind } from './catalogue';
import { PATIENT_FIELD_ERRORS } from './errors';

/** Spec 3 §8: "Failed to delete {item}. It may be in use by other records." (409 while something refers to it). */
export const catalogueDeleteInUse = (kind: CatalogueKind): string =>
  `Failed to delete ${CATALOGUE_KIND_LABELS[kind].singular}. It may be in use by other records.`;

/** An item the caller cannot see, or of another kind than the path names (404). */
export const catalogueItemNotFound = (kind: CatalogueKind): string =>
  `${CATALOGUE_KIND_LABELS[kind].singular} not found`;

/** DELETE /cms/{kind}/{id}'s answer. */
export const catalogueItemDeleted = (kind: CatalogueKind): string =>
  `${CATALOGUE_KIND_LABELS[kind].singular} deleted successfully`;

/** The reference fields of catalogue items and what each refers to. */
export const CATALOGUE_REFERENCE_FIELDS = {
  sample_type_ids: 'sample-types',
  sample_type_id: 'sample-types',
  tube_type_ids: 'tube-types',
  collection_device_ids: 'collection-devices',
  marker_ids: 'markers',
} as const satisfies Readonly<Record<string, CatalogueKind>>;
export type CatalogueReferenceField = keyof typeof CATALOGUE_REFERENCE_FIELDS;

export const CATALOGUE_FIELD_ERRORS = {
  invalidLoincCode: 'is not a valid LOINC code',
  rangeOrder: 'range_max: must be greater than or equal to range_min',
  ownInstitutionRequired: 'institution_ids: cannot remove your own institution',
  unknownInstitution: PATIENT_FIELD_ERRORS.unknownInstitution,
  labsAreGlobal: 'institution_ids: labs are shared by every institution and belong to none',
  labNotAvailable: 'lab_id: is not an active lab',
  sampleTypeNotAvailable: 'sample_type: is not an active sample type available to this institution',
  labAlreadyAssigned: 'lab_id: this lab is already assigned to the institution for this sample type',
} as const;

/** A referenced id that does not exist, is of another kind or is not visible to the caller. */
export function unknownCatalogueReference(field: CatalogueReferenceField): string {
  const label = CATALOGUE_KIND_LABELS[CATALOGUE_REFERENCE_FIELDS[field]].singular.toLowerCase();
  return field.endsWith('_ids')
    ? `${field}: includes a ${label} that does not exist or is not available to you`
    : `${field}: is not a ${label} available to you`;
}

/** A unit that UCUM does not know, with the UCUM library's suggestion when it has one. */
export function invalidUcumUnit(units: string, suggestion: string | null): string {
  const hint = suggestion === null ? '' : `; did you mean "${suggestion}"?`;
  return `units: "${units}" is not a valid UCUM unit${hint}`;
}

/** A panel's markers must all be of the panel's sample type (spec 3 §2: only those are offered). */
export const panelMarkerOfOtherSampleType = (markerNames: readonly string[]): string =>
  `marker_ids: ${markerNames.map((name) => `"${name}"`).join(', ')} ${
    markerNames.length === 1 ? 'is' : 'are'
  } not of the panel's sample type`;

/** A marker in a panel keeps the panel's sample type. */
export const markerSampleTypeNeededByPanel = (panelName: string): string =>
  `sample_type_ids: the panel "${panelName}" needs this marker to keep its sample type`;
