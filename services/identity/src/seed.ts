import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR, type Role } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { sql, type DatabasePool } from 'slonik';
import { registerInstitution, type NewInstitution } from './commands/institutions';
import { registerUser } from './commands/users';
import { countUsers } from './projections/users/queries';
import type { CommandDependencies } from './config';

export const DEMO_PASSWORD = 'labline-demo';

const NORTHWIND: NewInstitution = {
  name: 'Northwind General Hospital',
  institution_number: 'NGH-1001',
  address: '1 Harbour Road, Northwind, NW1 4AB, United Kingdom',
  phone: '+442079460100',
  email: 'contact@northwind.labline.test',
  institution_type: 'Hospital',
  // the demo's external laboratory (issue 27) takes Northwind's orders
  api_enabled: true,
};

const RIVERSIDE: NewInstitution = {
  name: 'Riverside Clinic',
  institution_number: 'RSC-2002',
  address: '42 Riverside Walk, Riverton, RV2 7CD, United Kingdom',
  phone: '+441614960200',
  email: 'hello@riverside.labline.test',
  institution_type: 'Clinic',
  api_enabled: false,
};

interface DemoUser {
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Role;
  institution: 'northwind' | 'riverside' | null;
  clinicianInstitutions?: ('northwind' | 'riverside')[];
  is_active?: boolean;
}

const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'super@labline.test',
    first_name: 'Sarah',
    last_name: 'Mitchell',
    phone: '+442079460001',
    role: 'super_admin',
    institution: null,
  },
  {
    email: 'admin@northwind.labline.test',
    first_name: 'James',
    last_name: 'Carter',
    phone: '+442079460102',
    role: 'institution_admin',
    institution: 'northwind',
  },
  {
    email: 'clinician@northwind.labline.test',
    first_name: 'Emily',
    last_name: 'Chen',
    phone: '+442079460103',
    role: 'clinician',
    institution: 'northwind',
    clinicianInstitutions: ['northwind', 'riverside'],
  },
  {
    email: 'client@northwind.labline.test',
    first_name: 'Daniel',
    last_name: 'Brooks',
    phone: '+442079460104',
    role: 'client_admin',
    institution: 'northwind',
  },
  {
    email: 'fulfillment@labline.test',
    first_name: 'Priya',
    last_name: 'Patel',
    phone: '+442079460105',
    role: 'fulfillment_agent',
    institution: 'northwind',
  },
  {
    email: 'lab@northwind.labline.test',
    first_name: 'Oliver',
    last_name: 'Grant',
    phone: '+442079460106',
    role: 'lab_user',
    institution: 'northwind',
  },
  {
    email: 'admin@riverside.labline.test',
    first_name: 'Hannah',
    last_name: 'Lewis',
    phone: '+441614960201',
    role: 'institution_admin',
    institution: 'riverside',
  },
  // Shows the refusal of a deactivated account at sign-in.
  {
    email: 'inactive@northwind.labline.test',
    first_name: 'Thomas',
    last_name: 'Reed',
    phone: null,
    role: 'lab_user',
    institution: 'northwind',
    is_active: false,
  },
];

function systemMetadata(purpose: string): AppendMetadata {
  return { actor: SYSTEM_ACTOR, correlationId: `${purpose}-${randomUUID()}`, causationId: null, traceparent: null };
}

/**
 * Runs `fn` only while no user exists, holding a lock so that replicas starting together seed once.
 * Returns whether it ran.
 */
async function whileNoUsersExist(pool: DatabasePool, fn: () => Promise<void>): Promise<boolean> {
  return pool.connect(async (connection) => {
    await connection.query(sql.unsafe`SELECT pg_advisory_lock(hashtext('labline-identity-seed'))`);
    try {
      if ((await countUsers(connection)) > 0) return false;
      await fn();
      return true;
    } finally {
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock(hashtext('labline-identity-seed'))`);
    }
  });
}

/**
 * The demo data of README "Demo accounts" (institutions Northwind and Riverside, one user per role and a
 * deactivated one, password `labline-demo`), through the same commands and events as the API. Only into a
 * database without users.
 */
export async function seedDemo(commands: CommandDependencies): Promise<{ seeded: boolean }> {
  const seeded = await whileNoUsersExist(commands.pool, async () => {
    const metadata = systemMetadata('seed-demo');
    const institutions = {
      northwind: await registerInstitution(commands, NORTHWIND, metadata),
      riverside: await registerInstitution(commands, RIVERSIDE, metadata),
    };
    for (const user of DEMO_USERS) {
      await registerUser(
        commands,
        {
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          phone: user.phone,
          role: user.role,
          institution_id: user.institution ? institutions[user.institution] : null,
          clinician_institution_ids: (user.clinicianInstitutions ?? []).map((key) => institutions[key]),
          permissions: [],
          is_active: user.is_active ?? true,
          password: DEMO_PASSWORD,
        },
        metadata,
      );
    }
  });
  return { seeded };
}

/**
 * A production start's first super_admin from LABLINE_ADMIN_EMAIL/LABLINE_ADMIN_PASSWORD, only into a
 * database without users. There is no default password: without both values nothing is created.
 */
export async function bootstrapAdmin(
  commands: CommandDependencies,
  admin: { email: string | undefined; password: string | undefined },
): Promise<{ created: boolean }> {
  const { email, password } = admin;
  if (!email || !password) return { created: false };
  const created = await whileNoUsersExist(commands.pool, async () => {
    await registerUser(
      commands,
      {
        email,
        first_name: 'System',
        last_name: 'Administrator',
        phone: null,
        role: 'super_admin',
        institution_id: null,
        clinician_institution_ids: [],
        permissions: [],
        is_active: true,
        password,
      },
      systemMetadata('bootstrap-admin'),
    );
  });
  return { created };
}
