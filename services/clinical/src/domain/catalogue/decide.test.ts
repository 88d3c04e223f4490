import { describe, it } from 'vitest';
import {
  CATALOGUE_FIELD_ERRORS,
  catalogueItemNotFound,
  ERRORS,
  invalidUcumUnit,
  markerSampleTypeNeededByPanel,
  panelMarkerOfOtherSampleType,
  unknownCatalogueReference,
  type Caller,
  type CatalogueItemSnapshot,
} from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { admin, NORTHWIND, RIVERSIDE, superAdmin, violation } from '../callers.fixture';
import { catalogueDecider, type CatalogueFacts, type ReferencedItem } from './decide';
import type { CatalogueChanges } from './snapshot';

const spec = deciderSpecification(catalogueDecider);
const clinician: Caller = { ...admin, userId: 3, role: 'clinician' };

const BLOOD: ReferencedItem = { id: 10, kind: 'sample-types', name: 'Blood', institution_ids: [], sample_type_ids: [] };
const URINE: ReferencedItem = { ...BLOOD, id: 11, name: 'Urine' };
const RIVERSIDE_SWAB: ReferencedItem = { ...BLOOD, id: 12, name: 'Swab', institution_ids: [RIVERSIDE] };
const GLUCOSE: ReferencedItem = {
  id: 20,
  kind: 'markers',
  name: 'Glucose',
  institution_ids: [],
  sample_type_ids: [10],
};

const facts = (overrides: Partial<CatalogueFacts> = {}): CatalogueFacts => ({
  knownInstitutionIds: [NORTHWIND, RIVERSIDE],
  referencedItems: [BLOOD, URINE, RIVERSIDE_SWAB, GLUCOSE],
  units: null,
  panelsWithMarker: [],
  ...overrides,
});

const create = (caller: Caller, kind: CatalogueKindArg, changes: CatalogueChanges, given = facts()) => ({
  type: 'CreateCatalogueItem' as const,
  data: { itemId: 42, kind, changes, caller, facts: given },
});
const update = (caller: Caller, kind: CatalogueKindArg, changes: CatalogueChanges, given = facts()) => ({
  type: 'UpdateCatalogueItem' as const,
  data: { itemId: 42, kind, changes, caller, facts: given },
});
const remove = (caller: Caller, kind: CatalogueKindArg) => ({
  type: 'DeleteCatalogueItem' as const,
  data: { itemId: 42, kind, caller },
});
type CatalogueKindArg = CatalogueItemSnapshot['kind'];

const sampleType = (institutionIds: number[] = []): CatalogueItemSnapshot => ({
  itemId: 42,
  kind: 'sample-types',
  name: 'Saliva',
  description: null,
  active: true,
  sort_order: 0,
  institution_ids: institutionIds,
});
const created = (item: CatalogueItemSnapshot) => [{ type: 'CatalogueItemCreated' as const, data: item }];

describe('catalogue decider: creating', () => {
  it('creates with defaults: active, sort order 0, global for super_admin', () => {
    spec
      .given([])
      .when(create(superAdmin, 'sample-types', { name: 'Saliva' }))
      .then(created(sampleType()));
  });

  it("files an institution_admin's item under their institution, and refuses other roles", () => {
    spec
      .given([])
      .when(create(admin, 'sample-types', { name: 'Saliva' }))
      .then(created(sampleType([NORTHWIND])));
    spec
      .given([])
      .when(create(clinician, 'sample-types', { name: 'Saliva' }))
      .thenThrows(violation('forbidden'));
    spec
      .given([])
      .when(create(admin, 'labs', { name: 'Lab' }))
      .thenThrows(violation('forbidden'));
  });

  it('keeps institutions to existing ones (super_admin) and to their own (others)', () => {
    spec
      .given([])
      .when(create(superAdmin, 'sample-types', { name: 'Saliva', institution_ids: [99] }))
      .thenThrows(violation('invalid', CATALOGUE_FIELD_ERRORS.unknownInstitution));
    spec
      .given([])
      .when(create(admin, 'sample-types', { name: 'Saliva', institution_ids: [RIVERSIDE] }))
      .thenThrows(violation('invalid', CATALOGUE_FIELD_ERRORS.unknownInstitution));
    spec
      .given([])
      .when(create(admin, 'sample-types', { name: 'Saliva', institution_ids: [] }))
      .thenThrows(violation('invalid', CATALOGUE_FIELD_ERRORS.ownInstitutionRequired));
  });

  it('records a marker with the UCUM code of its units, and refuses units UCUM does not know', () => {
    const changes = { name: 'Glucose', units: 'mg/dL', marker_code: '2345-7', sample_type_ids: [10] };
    spec
      .given([])
      .when(create(superAdmin, 'markers', changes, facts({ units: { valid: true, code: 'mg/dL' } })))
      .then(
        created({
          itemId: 42,
          kind: 'markers',
          name: 'Glucose',
          description: null,
          active: true,
          sort_order: 0,
          institution_ids: [],
          marker_code: '2345-7',
          value: null,
          units: 'mg/dL',
          units_ucum: 'mg/dL',
          range_min: null,
          range_max: null,
          sample_type_ids: [10],
          tube_type_ids: [],
          collection_device_ids: [],
        }),
      );
    spec
      .given([])
      .when(
        create(
          superAdmin,
          'markers',
          { name: 'X', units: 'mIU/L' },
          facts({ units: { valid: false, suggestion: 'm[IU]/L' } }),
        ),
      )
      .thenThrows(violation('invalid', invalidUcumUnit('mIU/L', 'm[IU]/L')));
  });

  it('refuses references that are missing, of another kind or out of the caller scope', () => {
    spec
      .given([])
      .when(create(superAdmin, 'markers', { name: 'X', sample_type_ids: [99] }))
      .thenThrows(violation('invalid', unknownCatalogueReference('sample_type_ids')));
    spec
      .given([])
      .when(create(superAdmin, 'markers', { name: 'X', tube_type_ids: [10] }))
      .thenThrows(violation('invalid', unknownCatalogueReference('tube_type_ids')));
    spec
      .given([])
      .when(create(admin, 'markers', { name: 'X', sample_type_ids: [12] }))
      .thenThrows(violation('invalid', unknownCatalogueReference('sample_type_ids')));
  });

  it("keeps a panel's markers of its sample type, and a marker's range in order", () => {
    spec
      .given([])
      .when(create(superAdmin, 'panels', { name: 'P', sample_type_id: 11, marker_ids: [20] }))
      .thenThrows(violation('invalid', panelMarkerOfOtherSampleType(['Glucose'])));
    spec
      .given([])
      .when(create(superAdmin, 'markers', { name: 'X', range_min: 5, range_max: 1 }))
      .thenThrows(violation('invalid', CATALOGUE_FIELD_ERRORS.rangeOrder));
  });
});

describe('catalogue decider: updating and deleting', () => {
  const history = created(sampleType([NORTHWIND]));

  it('merges the fields given over the item, and records nothing for no change', () => {
    spec
      .given(history)
      .when(update(admin, 'sample-types', { active: false }))
      .then([{ type: 'CatalogueItemUpdated', data: { ...sampleType([NORTHWIND]), active: false } }]);
    spec
      .given(history)
      .when(update(admin, 'sample-types', { name: 'Saliva' }))
      .thenNothingHappened();
  });

  it('answers 404 outside the caller scope or for another kind, 403 for a global item', () => {
    const riverside = created(sampleType([RIVERSIDE]));
    const notFound = violation('not_found', catalogueItemNotFound('sample-types'));
    spec
      .given(riverside)
      .when(update(admin, 'sample-types', { name: 'Y' }))
      .thenThrows(notFound);
    spec
      .given(history)
      .when(update(admin, 'tube-types', { name: 'Y' }))
      .thenThrows(violation('not_found'));
    spec.given([]).when(remove(superAdmin, 'sample-types')).thenThrows(notFound);
    spec
      .given(created(sampleType()))
      .when(update(admin, 'sample-types', { name: 'Y' }))
      .thenThrows(violation('forbidden', ERRORS.forbidden));
    spec.given(created(sampleType())).when(remove(admin, 'sample-types')).thenThrows(violation('forbidden'));
  });

  it("keeps a marker's sample type while a panel holds it", () => {
    const marker = create(superAdmin, 'markers', { name: 'Glucose', sample_type_ids: [10] });
    const [event] = catalogueDecider.decide(marker, catalogueDecider.initialState());
    const inPanel = facts({ panelsWithMarker: [{ name: 'Diabetes Panel', sample_type_id: 10 }] });
    spec
      .given([event!])
      .when(update(superAdmin, 'markers', { sample_type_ids: [11] }, inPanel))
      .thenThrows(violation('invalid', markerSampleTypeNeededByPanel('Diabetes Panel')));
    spec
      .given([event!])
      .when(update(superAdmin, 'markers', { sample_type_ids: [10, 11] }, inPanel))
      .then([
        {
          type: 'CatalogueItemUpdated',
          data: { ...(event!.data as object), sample_type_ids: [10, 11] } as CatalogueItemSnapshot,
        },
      ]);
  });

  it('deletes an item of the caller, once', () => {
    const deleted = {
      type: 'CatalogueItemDeleted' as const,
      data: { itemId: 42, kind: 'sample-types' as const, institution_ids: [NORTHWIND] },
    };
    spec.given(history).when(remove(admin, 'sample-types')).then([deleted]);
    spec
      .given([...history, deleted])
      .when(remove(admin, 'sample-types'))
      .thenThrows(violation('not_found'));
  });
});
