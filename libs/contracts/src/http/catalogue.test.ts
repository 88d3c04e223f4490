import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { catalogueItemSchema } from './catalogue';
import { CATALOGUE_CREATE_BODY_SCHEMAS, CATALOGUE_UPDATE_BODY_SCHEMAS } from './catalogue-bodies';
import { labAssignmentBodySchema } from './lab-assignments';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('catalogue bodies', () => {
  it('reads a form: trimmed text, numbers from text, empty strings as unset, duplicate ids once', () => {
    const parsed = CATALOGUE_CREATE_BODY_SCHEMAS.markers.parse({
      name: '  HbA1c ',
      description: '',
      marker_code: '4548-4',
      value: ' 12.5 ',
      range_min: '',
      units: '%',
      sample_type_ids: [3, 3, 4],
    });
    assert.deepEqual(parsed, {
      name: 'HbA1c',
      description: null,
      marker_code: '4548-4',
      value: 12.5,
      range_min: null,
      units: '%',
      sample_type_ids: [3, 4],
    });
  });

  it('leaves out of an update what the form leaves out (a merge)', () => {
    assert.deepEqual(CATALOGUE_UPDATE_BODY_SCHEMAS['collection-devices'].parse({ active: false }), { active: false });
    assert.deepEqual(CATALOGUE_UPDATE_BODY_SCHEMAS.labs.parse({ email: '' }), { email: null });
  });

  it('names the field of every problem', () => {
    assert.deepEqual(
      problems(
        CATALOGUE_CREATE_BODY_SCHEMAS.markers.safeParse({
          name: '',
          marker_code: '2345-8',
          value: '1e3',
          range_max: true,
        }),
      ).sort(),
      [
        'marker_code: is not a valid LOINC code',
        'name: is required',
        'range_max: must be a number',
        'value: must be a number',
      ],
    );
    assert.deepEqual(
      problems(CATALOGUE_CREATE_BODY_SCHEMAS['collection-devices'].safeParse({ name: 'Kit', max_capacity: 2.5 })),
      ['max_capacity: must be a whole number'],
    );
    assert.deepEqual(
      problems(CATALOGUE_CREATE_BODY_SCHEMAS.panels.safeParse({ name: 'Lipid', sample_type_id: null })),
      ['sample_type_id: is required'],
    );
    assert.deepEqual(problems(CATALOGUE_CREATE_BODY_SCHEMAS['sample-types'].safeParse({ name: 'X', sort_order: -1 })), [
      'sort_order: must be at least 0',
    ]);
    assert.deepEqual(problems(CATALOGUE_CREATE_BODY_SCHEMAS.labs.safeParse({ name: 'Lab', email: 'nope' })), [
      'email: must be a valid email address',
    ]);
  });

  it('keeps labs global: their body has no institutions', () => {
    assert.equal(CATALOGUE_CREATE_BODY_SCHEMAS.labs.safeParse({ name: 'Lab', institution_ids: [] }).success, false);
  });
});

describe('catalogue items', () => {
  it('tells the kinds apart by kind', () => {
    const common = {
      id: 1,
      name: 'EDTA',
      description: null,
      active: true,
      sort_order: 0,
      institution_ids: [],
      institution_names: [],
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    };
    const tubeType = catalogueItemSchema.parse({ ...common, kind: 'tube-types', sample_type_ids: [2] });
    assert.equal(tubeType.kind, 'tube-types');
    assert.equal(catalogueItemSchema.safeParse({ ...common, kind: 'tube-types' }).success, false);
    assert.equal(catalogueItemSchema.safeParse({ ...common, kind: 'markers' }).success, false);
  });
});

describe('lab assignment body', () => {
  it('reads a select left empty as nothing chosen', () => {
    assert.deepEqual(labAssignmentBodySchema.parse({ lab_id: '', sample_type: '' }), {
      lab_id: null,
      sample_type: null,
      sample_type_id: null,
    });
    assert.deepEqual(labAssignmentBodySchema.parse({ lab_id: 4, sample_type: ' Blood ' }), {
      lab_id: 4,
      sample_type: 'Blood',
      sample_type_id: null,
    });
  });
});
