import type { CatalogueItemSnapshot, CatalogueKind } from '@labline/contracts';

/**
 * Every field a catalogue form may send (each kind's body schema allows its own subset). A field left out
 * (undefined) keeps its value: PUT merges.
 */
export interface CatalogueChanges {
  name?: string | undefined;
  description?: string | null | undefined;
  active?: boolean | undefined;
  /** null: 0. */
  sort_order?: number | null | undefined;
  institution_ids?: number[] | undefined;
  marker_code?: string | null | undefined;
  value?: number | null | undefined;
  units?: string | null | undefined;
  range_min?: number | null | undefined;
  range_max?: number | null | undefined;
  sample_type_ids?: number[] | undefined;
  tube_type_ids?: number[] | undefined;
  collection_device_ids?: number[] | undefined;
  sample_type_id?: number | undefined;
  marker_ids?: number[] | undefined;
  max_capacity?: number | null | undefined;
  address?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

/** What the rules settled beyond the form: the institutions and the UCUM code (undefined: keep). */
export interface ResolvedFields {
  institution_ids: number[];
  units_ucum: string | null | undefined;
}

const kept = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/** The item after the changes: the form's fields over the current item (none when creating). */
export function mergedSnapshot(
  kind: CatalogueKind,
  itemId: number,
  current: CatalogueItemSnapshot | null,
  changes: CatalogueChanges,
  resolved: ResolvedFields,
): CatalogueItemSnapshot {
  const base = {
    itemId,
    name: kept(changes.name, current?.name ?? ''),
    description: kept(changes.description, current?.description ?? null),
    active: kept(changes.active, current?.active ?? true),
    sort_order: kept(changes.sort_order, current?.sort_order ?? 0) ?? 0,
    institution_ids: resolved.institution_ids,
  };
  switch (kind) {
    case 'sample-types':
    case 'priorities':
    case 'statuses':
      return { ...base, kind };
    case 'tube-types': {
      const was = current?.kind === 'tube-types' ? current : null;
      return { ...base, kind, sample_type_ids: kept(changes.sample_type_ids, was?.sample_type_ids ?? []) };
    }
    case 'markers': {
      const was = current?.kind === 'markers' ? current : null;
      return {
        ...base,
        kind,
        marker_code: kept(changes.marker_code, was?.marker_code ?? null),
        value: kept(changes.value, was?.value ?? null),
        units: kept(changes.units, was?.units ?? null),
        units_ucum: kept(resolved.units_ucum, was?.units_ucum ?? null),
        range_min: kept(changes.range_min, was?.range_min ?? null),
        range_max: kept(changes.range_max, was?.range_max ?? null),
        sample_type_ids: kept(changes.sample_type_ids, was?.sample_type_ids ?? []),
        tube_type_ids: kept(changes.tube_type_ids, was?.tube_type_ids ?? []),
        collection_device_ids: kept(changes.collection_device_ids, was?.collection_device_ids ?? []),
      };
    }
    case 'panels': {
      const was = current?.kind === 'panels' ? current : null;
      const sampleTypeId = changes.sample_type_id ?? was?.sample_type_id;
      // The create body requires it; a panel on record always has one.
      if (sampleTypeId === undefined) throw new Error('a panel needs its sample type');
      return {
        ...base,
        kind,
        sample_type_id: sampleTypeId,
        marker_ids: kept(changes.marker_ids, was?.marker_ids ?? []),
      };
    }
    case 'collection-devices': {
      const was = current?.kind === 'collection-devices' ? current : null;
      return {
        ...base,
        kind,
        max_capacity: kept(changes.max_capacity, was?.max_capacity ?? null),
        tube_type_ids: kept(changes.tube_type_ids, was?.tube_type_ids ?? []),
      };
    }
    case 'labs': {
      const was = current?.kind === 'labs' ? current : null;
      return {
        ...base,
        kind,
        address: kept(changes.address, was?.address ?? null),
        phone: kept(changes.phone, was?.phone ?? null),
        email: kept(changes.email, was?.email ?? null),
      };
    }
  }
}

/** Whether two snapshots hold the same values (their keys may come in another order). */
export const sameSnapshot = (a: CatalogueItemSnapshot, b: CatalogueItemSnapshot): boolean =>
  Object.keys(a).length === Object.keys(b).length &&
  (Object.keys(b) as (keyof CatalogueItemSnapshot)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

/** The ids a snapshot refers to, per reference field. */
export function referencesOf(item: CatalogueItemSnapshot): Partial<Record<string, readonly number[]>> {
  switch (item.kind) {
    case 'markers':
      return {
        sample_type_ids: item.sample_type_ids,
        tube_type_ids: item.tube_type_ids,
        collection_device_ids: item.collection_device_ids,
      };
    case 'panels':
      return { sample_type_id: [item.sample_type_id], marker_ids: item.marker_ids };
    case 'collection-devices':
      return { tube_type_ids: item.tube_type_ids };
    case 'tube-types':
      return { sample_type_ids: item.sample_type_ids };
    default:
      return {};
  }
}
