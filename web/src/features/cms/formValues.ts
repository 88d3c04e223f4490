/**
 * The Add/Edit modal's values (spec 3 §2 Generic lookup tabs, §5): one set of fields for every kind, of which
 * each kind sends its own, and the search of the tables.
 */
import {
  GLOBAL_ONLY_KINDS,
  canChooseCatalogueInstitutions,
  type Caller,
  type CatalogueItem,
  type CatalogueKind,
} from '@labline/contracts';

export interface CatalogueFormValues {
  name: string;
  description: string;
  active: boolean;
  institution_ids: number[];
  sort_order: number | null;
  marker_code: string;
  /** Sample volume, µL; null: unset. */
  value: number | null;
  units: string;
  range_min: number | null;
  range_max: number | null;
  sample_type_ids: number[];
  tube_type_ids: number[];
  collection_device_ids: number[];
  /** A panel's sample type; undefined until one is chosen. */
  sample_type_id: number | undefined;
  marker_ids: number[];
  max_capacity: number | null;
  address: string;
  phone: string;
  email: string;
}

type KindField = Exclude<keyof CatalogueFormValues, 'name' | 'description' | 'active' | 'institution_ids'>;

/** The fields each kind has beyond name, description, status and institutions (spec 3 §2). */
const KIND_FIELDS: Readonly<Record<CatalogueKind, readonly KindField[]>> = {
  'sample-types': [],
  markers: [
    'marker_code',
    'value',
    'units',
    'range_min',
    'range_max',
    'sample_type_ids',
    'tube_type_ids',
    'collection_device_ids',
  ],
  panels: ['sample_type_id', 'marker_ids'],
  'tube-types': ['sample_type_ids'],
  priorities: ['sort_order'],
  statuses: ['sort_order'],
  'collection-devices': ['max_capacity', 'tube_type_ids'],
  labs: ['address', 'phone', 'email'],
};

/** What the modal sends: the kind's fields of the form ('' and null unset a field, spec 3 §5). */
export type CatalogueBody = Partial<CatalogueFormValues>;

const EMPTY_VALUES: CatalogueFormValues = {
  name: '',
  description: '',
  active: true,
  institution_ids: [],
  sort_order: 0,
  marker_code: '',
  value: null,
  units: '',
  range_min: null,
  range_max: null,
  sample_type_ids: [],
  tube_type_ids: [],
  collection_device_ids: [],
  sample_type_id: undefined,
  marker_ids: [],
  max_capacity: null,
  address: '',
  phone: '',
  email: '',
};

/** The item's values in the form (null texts as empty fields); a new item is active and, by default, global. */
export function catalogueFormValues(item: CatalogueItem | null): CatalogueFormValues {
  if (item === null) return EMPTY_VALUES;
  const values: CatalogueFormValues = {
    ...EMPTY_VALUES,
    name: item.name,
    description: item.description ?? '',
    active: item.active,
    institution_ids: item.institution_ids,
    sort_order: item.sort_order,
  };
  switch (item.kind) {
    case 'markers':
      return {
        ...values,
        marker_code: item.marker_code ?? '',
        value: item.value,
        units: item.units ?? '',
        range_min: item.range_min,
        range_max: item.range_max,
        sample_type_ids: item.sample_type_ids,
        tube_type_ids: item.tube_type_ids,
        collection_device_ids: item.collection_device_ids,
      };
    case 'panels':
      return { ...values, sample_type_id: item.sample_type_id, marker_ids: item.marker_ids };
    case 'tube-types':
      return { ...values, sample_type_ids: item.sample_type_ids };
    case 'collection-devices':
      return { ...values, max_capacity: item.max_capacity, tube_type_ids: item.tube_type_ids };
    case 'labs':
      return { ...values, address: item.address ?? '', phone: item.phone ?? '', email: item.email ?? '' };
    default:
      return values;
  }
}

/** Whether the form offers the institution picker for the kind: the global flag, and a kind items belong to. */
export function choosesInstitutions(caller: Caller, kind: CatalogueKind): boolean {
  return canChooseCatalogueInstitutions(caller) && !GLOBAL_ONLY_KINDS.includes(kind);
}

/**
 * The institution whose items (with the global ones) the caller's lists and pickers show: none for a caller
 * with the global flag, who sees every item; else their own (spec 3 §7: "institution_id for non-super_admin").
 */
export function ownCatalogueInstitution(caller: Caller): number | null {
  return canChooseCatalogueInstitutions(caller) ? null : caller.institutionId;
}

/**
 * The request body: the kind's own fields. Institutions only from the picker: anyone else's items are their
 * institution's, which the service fills in on create and keeps on update.
 */
export function catalogueBody(caller: Caller, kind: CatalogueKind, values: CatalogueFormValues): CatalogueBody {
  const body: CatalogueBody = { name: values.name.trim(), description: values.description, active: values.active };
  for (const field of KIND_FIELDS[kind]) Object.assign(body, { [field]: values[field] });
  if (choosesInstitutions(caller, kind)) body.institution_ids = values.institution_ids;
  return body;
}

/** The texts of an item the table's search looks in: its name, description and the kind's codes and contacts. */
function searchableTexts(item: CatalogueItem): (string | null)[] {
  const common = [item.name, item.description];
  switch (item.kind) {
    case 'markers':
      return [...common, item.marker_code, item.units];
    case 'panels':
      return [...common, ...item.marker_names];
    case 'labs':
      return [...common, item.address, item.phone, item.email];
    case 'collection-devices':
      return [...common, ...item.tube_types.map((tubeType) => tubeType.name)];
    default:
      return common;
  }
}

/** Whether the item holds the search text (any case); every item matches an empty search. */
export function matchesSearch(item: CatalogueItem, search: string): boolean {
  const needle = search.toLocaleLowerCase();
  return searchableTexts(item).some((text) => text?.toLocaleLowerCase().includes(needle) ?? false);
}
