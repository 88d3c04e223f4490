import type { Caller, PatientInput } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { seedOnce as seedOnceInKit, type SeedOutcome } from '@labline/service-kit';
import { registerPatient, type CommandDependencies } from './commands/patients';
import { activeUserIdsByEmail, institutionIdsByName } from './projections/directory/queries';

/** The demo institutions and clinician of identity's seed (README "Demo accounts"). */
const NORTHWIND = 'Northwind General Hospital';
const RIVERSIDE = 'Riverside Clinic';
const DEMO_CLINICIAN = 'clinician@northwind.labline.test';

const FIRST_NAMES = [
  ['Amelia', 'Female'],
  ['Oliver', 'Male'],
  ['Isla', 'Female'],
  ['George', 'Male'],
  ['Ava', 'Female'],
  ['Noah', 'Male'],
  ['Mia', 'Female'],
  ['Arthur', 'Male'],
  ['Grace', 'Female'],
  ['Leo', 'Male'],
  ['Freya', 'Female'],
  ['Harry', 'Male'],
  ['Evie', 'Female'],
  ['Jack', 'Male'],
  ['Sienna', 'Female'],
  ['Alfie', 'Male'],
  ['Ivy', 'Female'],
  ['Theo', 'Male'],
  ['Rosie', 'Female'],
  ['Samir', 'Male'],
  ['Priya', 'Female'],
  ['Kwame', 'Male'],
  ['Aisha', 'Female'],
  ['Tomasz', 'Male'],
  ['Alex', 'Other'],
  ['Morgan', 'Prefer not to say'],
  ['Chloe', 'Female'],
  ['Reuben', 'Male'],
  ['Niamh', 'Female'],
  ['Ewan', 'Male'],
  ['Hannah', 'Female'],
  ['Callum', 'Male'],
  ['Lucy', 'Female'],
  ['Owen', 'Male'],
  ['Zara', 'Female'],
  ['Finley', 'Male'],
] as const;
/** Surnames of the demo patients; the benchmark's generated patients use them too. */
export const DEMO_LAST_NAMES = [
  'Thompson',
  'Walker',
  'Hughes',
  'Patel',
  'Khan',
  'Wright',
  'Robinson',
  'Edwards',
  'Clarke',
  'Murphy',
  'Davies',
  'Evans',
  'Okafor',
  'Nowak',
  'Campbell',
  'Bennett',
  'Shaw',
  'Fletcher',
] as const;
const PLACES = [
  ['14 Elm Grove', 'Northwind', 'NW1 6RT'],
  ['3 Quayside Mews', 'Northwind', 'NW2 3BD'],
  ['77 Chapel Lane', 'Riverton', 'RV2 8LP'],
  ['9 Meadow Close', 'Riverton', 'RV1 4HS'],
  ['210 High Street', 'Northwind', 'NW3 9QA'],
  ['5 Willow Court', 'Riverton', 'RV3 2EN'],
] as const;

/** A few dozen realistic patients, two thirds at Northwind; some without an address or e-mail. */
export function demoPatients(northwind: number, riverside: number, clinician: number): PatientInput[] {
  return FIRST_NAMES.map(([firstName, gender], index) => {
    const lastName = DEMO_LAST_NAMES[(index * 7) % DEMO_LAST_NAMES.length]!;
    const place = PLACES[index % PLACES.length]!;
    const withAddress = index % 5 !== 4;
    const year = 1948 + ((index * 13) % 60);
    const month = String(1 + ((index * 5) % 12)).padStart(2, '0');
    const day = String(1 + ((index * 11) % 28)).padStart(2, '0');
    return {
      first_name: firstName,
      last_name: lastName,
      date_of_birth: `${year}-${month}-${day}`,
      gender,
      phone: `+447700900${String(100 + index * 17).slice(-3)}`,
      email: index % 6 === 5 ? null : `${firstName}.${lastName}@example.com`.toLowerCase(),
      insurance_number: index % 3 === 0 ? `INS-${String(480_000 + index * 373)}` : null,
      nhs_number: String(9_434_765_000 + index * 919),
      street_address_1: withAddress ? place[0] : null,
      street_address_2: withAddress && index % 4 === 1 ? `Flat ${index + 2}` : null,
      city: withAddress ? place[1] : null,
      state: null,
      postal_code: withAddress ? place[2] : null,
      country: withAddress ? 'United Kingdom' : null,
      medical_record_number: null,
      institution_ids: index % 3 === 2 ? [riverside] : [northwind],
      clinician_id: clinician,
    };
  });
}

/** The demo seeds act as a super_admin; their events record the system as the actor. */
export const SEED_CALLER: Caller = {
  userId: 0,
  role: 'super_admin',
  institutionId: null,
  institutionIds: [],
  permissions: [],
};

/** identity's demo institutions and clinician, as projected here. */
export interface DemoDirectory {
  northwind: number;
  riverside: number;
  clinician: number;
}

async function demoDirectory(deps: CommandDependencies): Promise<DemoDirectory | null> {
  const institutions = await institutionIdsByName(deps.pool, [NORTHWIND, RIVERSIDE]);
  const clinician = (await activeUserIdsByEmail(deps.pool, [DEMO_CLINICIAN])).get(DEMO_CLINICIAN);
  const northwind = institutions.get(NORTHWIND);
  const riverside = institutions.get(RIVERSIDE);
  return northwind !== undefined && riverside !== undefined && clinician !== undefined
    ? { northwind, riverside, clinician }
    : null;
}

export type { SeedOutcome };

/**
 * A clinical demo seed (the kit's seedOnce): once identity's demo institutions and clinician have arrived, into a
 * database where the aggregate's id sequence was never used.
 */
export function seedOnce(
  deps: CommandDependencies,
  options: { sequence: 'patient_id_seq' | 'catalogue_item_id_seq' | 'test_request_id_seq'; waitMs: number },
  seed: (directory: DemoDirectory, metadata: AppendMetadata) => Promise<number | SeedOutcome>,
): Promise<SeedOutcome> {
  return seedOnceInKit(
    deps.pool,
    {
      service: 'clinical',
      sequence: options.sequence,
      waitMs: options.waitMs,
      awaitFacts: () => demoDirectory(deps),
      missing: 'identity demo data did not arrive',
    },
    seed,
  );
}

/** The demo patients (spec 1 §3), as POST /patients registers them. */
export const seedDemoPatients = (deps: CommandDependencies, options: { waitMs: number }): Promise<SeedOutcome> =>
  seedOnce(deps, { sequence: 'patient_id_seq', waitMs: options.waitMs }, async (directory, metadata) => {
    const patients = demoPatients(directory.northwind, directory.riverside, directory.clinician);
    for (const patient of patients) await registerPatient(deps, SEED_CALLER, patient, metadata);
    return patients.length;
  });
