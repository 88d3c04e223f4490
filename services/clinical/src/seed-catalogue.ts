/**
 * The demo CMS catalogue: sample types, tube types, collection devices, markers with their real LOINC codes
 * and UCUM units, panels, priorities, statuses, three external labs and their assignments to the demo
 * institutions. Volumes give the order form's capacity rule its cases: small markers that fit a capillary
 * kit (500 µL), panels that together do not, a swab kit without a capacity (the 100 µL default).
 */
import type { AppendMetadata } from '@labline/eventstore';
import { createCatalogueItem } from './commands/catalogue';
import { assignLab } from './commands/lab-assignments';
import type { CommandDependencies } from './commands/patients';
import type { CatalogueChanges } from './domain/catalogue/snapshot';
import { SEED_CALLER, seedOnce, type DemoDirectory, type SeedOutcome } from './seed';

export const DEMO_SAMPLE_TYPES = ['Blood', 'Urine', 'Saliva', 'Stool', 'Swab'] as const;
type SampleType = (typeof DEMO_SAMPLE_TYPES)[number];

/** Each tube type holds one sample type (issue 22): a device fits the samples its tubes hold. */
const TUBE_TYPES = [
  { name: 'EDTA', sample: 'Blood' },
  { name: 'SST', sample: 'Blood' },
  { name: 'Sodium citrate', sample: 'Blood' },
  { name: 'Lithium heparin', sample: 'Blood' },
  { name: 'Fluoride oxalate', sample: 'Blood' },
  { name: 'Urine container', sample: 'Urine' },
  { name: 'Saliva tube', sample: 'Saliva' },
  { name: 'Stool container', sample: 'Stool' },
  { name: 'Swab transport tube', sample: 'Swab' },
] as const satisfies readonly { name: string; sample: SampleType }[];
type TubeType = (typeof TUBE_TYPES)[number]['name'];

const DEVICES = [
  { name: 'Capillary blood collection kit', max_capacity: 500, tubes: ['EDTA', 'SST'] },
  {
    name: 'Venous blood tube set',
    max_capacity: 4000,
    tubes: ['EDTA', 'SST', 'Sodium citrate', 'Lithium heparin', 'Fluoride oxalate'],
  },
  { name: 'Urine collection pot', max_capacity: 60000, tubes: ['Urine container'] },
  { name: 'Saliva collection kit', max_capacity: 2000, tubes: ['Saliva tube'] },
  { name: 'Stool collection kit', max_capacity: 5000, tubes: ['Stool container'] },
  { name: 'Swab kit', max_capacity: null, tubes: ['Swab transport tube'] },
] as const satisfies readonly { name: string; max_capacity: number | null; tubes: readonly TubeType[] }[];
type Device = (typeof DEVICES)[number]['name'];

export interface DemoMarker {
  name: string;
  loinc: string;
  units: string;
  /** Sample volume, µL. */
  value: number;
  range: [number, number];
  sample: SampleType;
  tube: TubeType | null;
  devices: readonly Device[];
}

const BLOOD_DEVICES = ['Capillary blood collection kit', 'Venous blood tube set'] as const;
const blood = (tube: TubeType) => ({ sample: 'Blood', tube, devices: BLOOD_DEVICES }) as const;

/** Real LOINC codes and UCUM units (checked by the seed test against loincCheckDigit and ucum-lhc). */
export const DEMO_MARKERS: readonly DemoMarker[] = [
  { name: 'HbA1c', loinc: '4548-4', units: '%', value: 50, range: [4, 5.6], ...blood('EDTA') },
  { name: 'Glucose', loinc: '2345-7', units: 'mg/dL', value: 50, range: [70, 99], ...blood('Fluoride oxalate') },
  { name: 'Total Cholesterol', loinc: '2093-3', units: 'mg/dL', value: 100, range: [0, 200], ...blood('SST') },
  { name: 'HDL Cholesterol', loinc: '2085-9', units: 'mg/dL', value: 100, range: [40, 100], ...blood('SST') },
  { name: 'Triglycerides', loinc: '2571-8', units: 'mg/dL', value: 100, range: [0, 150], ...blood('SST') },
  { name: 'TSH', loinc: '3016-3', units: 'm[IU]/L', value: 150, range: [0.4, 4], ...blood('SST') },
  { name: 'Free T4', loinc: '3024-7', units: 'ng/dL', value: 150, range: [0.8, 1.8], ...blood('SST') },
  { name: 'Vitamin D (25-OH)', loinc: '1989-3', units: 'ng/mL', value: 200, range: [30, 100], ...blood('SST') },
  { name: 'Ferritin', loinc: '2276-4', units: 'ng/mL', value: 100, range: [30, 400], ...blood('SST') },
  { name: 'Creatinine', loinc: '2160-0', units: 'mg/dL', value: 50, range: [0.6, 1.2], ...blood('SST') },
  { name: 'ALT', loinc: '1742-6', units: 'U/L', value: 75, range: [7, 56], ...blood('SST') },
  { name: 'AST', loinc: '1920-8', units: 'U/L', value: 75, range: [8, 48], ...blood('SST') },
  { name: 'CRP', loinc: '1988-5', units: 'mg/L', value: 100, range: [0, 10], ...blood('SST') },
  { name: 'PSA', loinc: '2857-1', units: 'ng/mL', value: 150, range: [0, 4], ...blood('SST') },
  { name: 'Hemoglobin', loinc: '718-7', units: 'g/dL', value: 50, range: [12, 17.5], ...blood('EDTA') },
  {
    name: 'Albumin/Creatinine ratio',
    loinc: '9318-7',
    units: 'mg/g',
    value: 5000,
    range: [0, 30],
    sample: 'Urine',
    tube: 'Urine container',
    devices: ['Urine collection pot'],
  },
  {
    name: 'Calprotectin',
    loinc: '38445-3',
    units: 'ug/g',
    value: 1000,
    range: [0, 50],
    sample: 'Stool',
    tube: 'Stool container',
    devices: ['Stool collection kit'],
  },
];

const PANELS = [
  { name: 'Lipid Panel', markers: ['Total Cholesterol', 'HDL Cholesterol', 'Triglycerides'] },
  { name: 'Thyroid Panel', markers: ['TSH', 'Free T4'] },
  { name: 'Liver Panel', markers: ['ALT', 'AST'] },
  { name: 'Diabetes Panel', markers: ['HbA1c', 'Glucose'] },
] as const;

const LABS = [
  {
    name: 'Meridian Pathology Laboratories',
    description: 'Clinical chemistry, haematology and endocrinology',
    address: 'Unit 4, Meridian Science Park\nCambridge CB4 0WS',
    phone: '+441223555010',
    email: 'orders@meridian-pathology.example.com',
  },
  {
    name: 'Northgate Diagnostics',
    description: 'Routine blood and saliva testing',
    address: '18 Northgate Road\nLeeds LS2 7HY',
    phone: '+441134960207',
    email: 'lab@northgate-diagnostics.example.com',
  },
  {
    name: 'Coastal Reference Lab',
    description: 'Microbiology, stool and swab analysis',
    address: '2 Harbour Way\nBristol BS1 5TY',
    phone: '+441174960815',
    email: 'samples@coastal-reference.example.com',
  },
] as const;
type Lab = (typeof LABS)[number]['name'];

const ASSIGNMENTS: readonly { institution: keyof Omit<DemoDirectory, 'clinician'>; lab: Lab; sample: SampleType }[] = [
  { institution: 'northwind', lab: 'Meridian Pathology Laboratories', sample: 'Blood' },
  { institution: 'northwind', lab: 'Meridian Pathology Laboratories', sample: 'Urine' },
  { institution: 'northwind', lab: 'Northgate Diagnostics', sample: 'Blood' },
  { institution: 'northwind', lab: 'Northgate Diagnostics', sample: 'Saliva' },
  { institution: 'riverside', lab: 'Coastal Reference Lab', sample: 'Blood' },
  { institution: 'riverside', lab: 'Coastal Reference Lab', sample: 'Stool' },
  { institution: 'riverside', lab: 'Coastal Reference Lab', sample: 'Swab' },
  { institution: 'riverside', lab: 'Meridian Pathology Laboratories', sample: 'Urine' },
];

/** Creates the demo catalogue; answers how many items and assignments it wrote. */
async function seedCatalogue(deps: CommandDependencies, directory: DemoDirectory, metadata: AppendMetadata) {
  let written = 0;
  const create = async (kind: Parameters<typeof createCatalogueItem>[2], changes: CatalogueChanges) => {
    written += 1;
    return createCatalogueItem(deps, SEED_CALLER, kind, changes, metadata);
  };
  const ids = new Map<string, number>();
  const idOf = (name: string) => ids.get(name)!;
  for (const [index, name] of DEMO_SAMPLE_TYPES.entries()) {
    ids.set(name, await create('sample-types', { name, sort_order: index }));
  }
  for (const tube of TUBE_TYPES) {
    ids.set(tube.name, await create('tube-types', { name: tube.name, sample_type_ids: [idOf(tube.sample)] }));
  }
  for (const device of DEVICES) {
    const changes = { name: device.name, max_capacity: device.max_capacity, tube_type_ids: device.tubes.map(idOf) };
    ids.set(device.name, await create('collection-devices', changes));
  }
  for (const marker of DEMO_MARKERS) {
    ids.set(
      marker.name,
      await create('markers', {
        name: marker.name,
        marker_code: marker.loinc,
        units: marker.units,
        value: marker.value,
        range_min: marker.range[0],
        range_max: marker.range[1],
        sample_type_ids: [idOf(marker.sample)],
        tube_type_ids: marker.tube === null ? [] : [idOf(marker.tube)],
        collection_device_ids: marker.devices.map(idOf),
      }),
    );
  }
  for (const panel of PANELS) {
    await create('panels', { name: panel.name, sample_type_id: idOf('Blood'), marker_ids: panel.markers.map(idOf) });
  }
  // One institution's own panel: the others do not see it.
  await create('panels', {
    name: 'Northwind Wellness Check',
    description: 'Lipids, thyroid and vitamin D in one draw',
    sample_type_id: idOf('Blood'),
    marker_ids: ['Total Cholesterol', 'TSH', 'Vitamin D (25-OH)', 'Ferritin'].map(idOf),
    institution_ids: [directory.northwind],
  });
  for (const [index, name] of ['Routine', 'Urgent', 'STAT'].entries()) {
    await create('priorities', { name, sort_order: index + 1 });
  }
  for (const [index, name] of ['Pending', 'Sample Collected', 'In Lab', 'Resulted', 'Cancelled'].entries()) {
    await create('statuses', { name, sort_order: index + 1 });
  }
  for (const lab of LABS) ids.set(lab.name, await create('labs', { ...lab }));
  for (const assignment of ASSIGNMENTS) {
    const input = { lab_id: idOf(assignment.lab), sample_type: null, sample_type_id: idOf(assignment.sample) };
    await assignLab(deps, SEED_CALLER, directory[assignment.institution], input, metadata);
    written += 1;
  }
  return written;
}

/** The demo catalogue (LABLINE_SEED=demo), once, into a database where no catalogue item was ever created. */
export const seedDemoCatalogue = (deps: CommandDependencies, options: { waitMs: number }): Promise<SeedOutcome> =>
  seedOnce(deps, { sequence: 'catalogue_item_id_seq', waitMs: options.waitMs }, (directory, metadata) =>
    seedCatalogue(deps, directory, metadata),
  );
