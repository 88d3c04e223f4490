/**
 * Least privilege (docs/architecture.md §5): every service has two roles of its own.
 * - `<schema>_owner` owns the service's schema and everything in it and runs the migrations (the admin
 *   connection switches to it with SET ROLE); it cannot sign in.
 * - `<schema>_app` is what the running service signs in as: it reads and writes its own tables, reads and
 *   appends to its events but may not rewrite them, and has no privilege on any other service's schema.
 * Provisioning is idempotent and safe for replicas starting together, and it adopts a schema that an
 * earlier version created as the admin, so an existing database moves to the roles on its next start.
 */
import pg from 'pg';
import { assertSchemaName } from './pool';

export interface ServiceRoles {
  owner: string;
  application: string;
}

const MAX_ROLE_NAME_LENGTH = 63;

export function serviceRoles(schema: string): ServiceRoles {
  assertSchemaName(schema);
  const roles = { owner: `${schema}_owner`, application: `${schema}_app` };
  if (roles.owner.length > MAX_ROLE_NAME_LENGTH) throw new Error(`Schema name too long for its role names: ${schema}`);
  return roles;
}

/** The same URL signing in as another role, with the password it carries unless another is given. */
export function urlAsRole(url: string, role: string, password?: string): string {
  const parsed = new URL(url);
  parsed.username = role;
  if (password !== undefined) parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** The password a URL carries, if any. */
export function passwordOf(url: string): string | undefined {
  const { password } = new URL(url);
  return password ? decodeURIComponent(password) : undefined;
}

export interface ServiceDatabaseUrls {
  /** Provisioning and migrations: a superuser, or a role with CREATEROLE that owns the database. */
  admin: string;
  /** The service's pool: its application role. */
  application: string;
}

/**
 * Where a service connects. Production gives both (DATABASE_ADMIN_URL, and DATABASE_URL signing in as
 * `<schema>_app`, each with its own password). Without an admin URL the one URL is the admin's (a local
 * trust-auth or embedded server, CI, the tests) and the application role signs in with that URL's password,
 * which provisioning gives it when it creates the role.
 */
export function serviceDatabaseUrls(options: {
  url: string;
  adminUrl?: string | undefined;
  schema: string;
}): ServiceDatabaseUrls {
  if (options.adminUrl) return { admin: options.adminUrl, application: options.url };
  return { admin: options.url, application: urlAsRole(options.url, serviceRoles(options.schema).application) };
}

export interface ProvisionOptions {
  /** Given to the application role when provisioning creates it; an existing role keeps its own. */
  applicationPassword?: string | undefined;
}

const identifier = (name: string) => pg.escapeIdentifier(name);

/** Creates the service's roles and schema, or brings existing ones in line. Idempotent: run it on every start. */
export async function provisionServiceRoles(
  adminUrl: string,
  schema: string,
  options: ProvisionOptions = {},
): Promise<ServiceRoles> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await provisionWith(client, schema, options);
  } finally {
    await client.end();
  }
}

/** `provisionServiceRoles` on an open admin connection, in one transaction. */
export async function provisionWith(
  client: pg.ClientBase,
  schema: string,
  options: ProvisionOptions = {},
): Promise<ServiceRoles> {
  const roles = serviceRoles(schema);
  await client.query('BEGIN');
  try {
    // Advisory locks are per database: this one serialises the services of one database (their grants on
    // it); two databases creating the same role at once is handled where the role is created.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('labline-provision'))`);
    await createRole(client, roles.owner, 'NOLOGIN');
    const password = options.applicationPassword;
    await createRole(client, roles.application, password ? `LOGIN PASSWORD ${pg.escapeLiteral(password)}` : 'LOGIN');
    await grantDatabasePrivileges(client, roles);
    await ensureSchema(client, schema, roles.owner);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return roles;
}

async function createRole(client: pg.ClientBase, role: string, attributes: string): Promise<void> {
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (exists.rowCount) return;
  await client.query('SAVEPOINT create_role');
  try {
    await client.query(`CREATE ROLE ${identifier(role)} ${attributes}`);
    await client.query('RELEASE SAVEPOINT create_role');
  } catch (error) {
    // Roles belong to the whole server: another database's provisioning may have created it meanwhile.
    const code = (error as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw error;
    await client.query('ROLLBACK TO SAVEPOINT create_role');
  }
}

async function grantDatabasePrivileges(client: pg.ClientBase, roles: ServiceRoles): Promise<void> {
  const { rows } = await client.query<{ database: string; member: boolean; creates: boolean; connects: boolean }>(
    `SELECT current_database() AS database,
            pg_has_role(current_user, $1, 'MEMBER') AS member,
            has_database_privilege($1, current_database(), 'CREATE') AS creates,
            has_database_privilege($2, current_database(), 'CONNECT') AS connects`,
    [roles.owner, roles.application],
  );
  const { database, member, creates, connects } = rows[0]!;
  const owner = identifier(roles.owner);
  // An admin that is not a superuser switches to the owner for the migrations, so it must be a member.
  if (!member) await client.query(`GRANT ${owner} TO CURRENT_USER`);
  // A projection rebuild fills copies of its tables in a schema of its own beside the live one.
  if (!creates) await client.query(`GRANT CREATE ON DATABASE ${identifier(database)} TO ${owner}`);
  if (!connects) {
    await client.query(`GRANT CONNECT ON DATABASE ${identifier(database)} TO ${identifier(roles.application)}`);
  }
}

/** The schema, owned by the owner along with everything in it (a schema created by the admin is adopted). */
async function ensureSchema(client: pg.ClientBase, schema: string, owner: string): Promise<void> {
  const found = await client.query<{ owner: string }>(
    'SELECT nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = $1',
    [schema],
  );
  if (found.rowCount === 0) {
    await client.query(`CREATE SCHEMA ${identifier(schema)} AUTHORIZATION ${identifier(owner)}`);
    return;
  }
  if (found.rows[0]!.owner !== owner) {
    await client.query(`ALTER SCHEMA ${identifier(schema)} OWNER TO ${identifier(owner)}`);
  }
  // Indexes and a table's own sequences follow their table; extension members stay the extension's.
  const { rows } = await client.query<{ statement: string }>(
    `SELECT format('ALTER %s %s OWNER TO %I', kind, object, $2::text) AS statement
     FROM (
       SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                             WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind,
              c.oid::regclass::text AS object, c.relowner AS owner_id, c.oid, 'pg_class'::regclass AS catalog
       FROM pg_class c
       WHERE c.relnamespace = $1::text::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
       UNION ALL
       SELECT 'ROUTINE', p.oid::regprocedure::text, p.proowner, p.oid, 'pg_proc'::regclass
       FROM pg_proc p WHERE p.pronamespace = $1::text::regnamespace AND p.prokind IN ('f', 'p')
       UNION ALL
       SELECT 'TYPE', t.oid::regtype::text, t.typowner, t.oid, 'pg_type'::regclass
       FROM pg_type t WHERE t.typnamespace = $1::text::regnamespace AND t.typtype IN ('e', 'd')
     ) AS objects
     WHERE owner_id <> $2::text::regrole
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                       WHERE d.classid = objects.catalog AND d.objid = objects.oid AND d.deptype IN ('a', 'i', 'e'))`,
    [schema, owner],
  );
  for (const { statement } of rows) await client.query(statement);
}

/**
 * The application role's privileges, run as the owner after the migrations: its schema; on each table it
 * has no privilege on yet (a migration's new one, or every one of an adopted schema) read and write, and on
 * each sequence its next value; then no UPDATE, DELETE or TRUNCATE on the append-only tables. Nothing on the
 * migrations' bookkeeping, no DDL, nothing in another schema. A table's existing grants are left alone, so
 * an older replica restarting with a shorter list of migrations cannot widen what a newer one narrowed.
 */
export async function grantApplicationPrivileges(
  client: pg.ClientBase,
  schema: string,
  appendOnlyTables: readonly string[],
): Promise<void> {
  const roles = serviceRoles(schema);
  const app = identifier(roles.application);
  const inSchema = identifier(schema);
  const qualified = (table: string) => `${inSchema}.${identifier(table)}`;
  await client.query('BEGIN');
  try {
    await client.query(`GRANT USAGE ON SCHEMA ${inSchema} TO ${app}`);
    const { rows } = await client.query<{ statement: string }>(
      `SELECT format(CASE c.relkind WHEN 'S' THEN 'GRANT USAGE, SELECT ON SEQUENCE %I.%I TO %I'
                     ELSE 'GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I.%I TO %I' END,
                     $1::text, c.relname, $2::text) AS statement
       FROM pg_class c
       WHERE c.relnamespace = $1::text::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
         AND c.relname <> 'schema_migrations'
         AND NOT EXISTS (SELECT 1 FROM aclexplode(c.relacl) a WHERE a.grantee = $2::text::regrole)`,
      [schema, roles.application],
    );
    for (const { statement } of rows) await client.query(statement);
    await client.query(`REVOKE ALL ON TABLE ${qualified('schema_migrations')} FROM ${app}`);
    for (const table of appendOnlyTables) {
      const found = await client.query('SELECT to_regclass($1) IS NOT NULL AS found', [qualified(table)]);
      if (!found.rows[0]?.found) continue;
      await client.query(`REVOKE UPDATE, DELETE, TRUNCATE ON TABLE ${qualified(table)} FROM ${app}`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
