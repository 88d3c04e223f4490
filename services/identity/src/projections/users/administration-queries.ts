import {
  paginate,
  roleSchema,
  userSchema,
  type Caller,
  type Pagination,
  type Principal,
  type Role,
  type User,
  type UserScope,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export interface UserListFilter {
  search?: string | undefined;
  role?: Role | undefined;
  institutionId?: number | undefined;
  isActive?: boolean | undefined;
  page: number;
  limit: number;
}

const linkedTo = (ids: readonly number[]) => sql.fragment`(
  u.institution_id = ANY(${sql.array(ids, 'int4')})
  OR EXISTS (SELECT 1 FROM clinician_institutions ci
             WHERE ci.user_id = u.id AND ci.institution_id = ANY(${sql.array(ids, 'int4')})))`;

function scopeCondition(scope: UserScope) {
  switch (scope.kind) {
    case 'all':
      return sql.fragment`TRUE`;
    case 'self':
      return sql.fragment`u.id = ${scope.userId}`;
    case 'institutions':
      return scope.includeUnaffiliated
        ? sql.fragment`(${linkedTo(scope.institutionIds)} OR u.institution_id IS NULL)`
        : linkedTo(scope.institutionIds);
  }
}

/** LIKE pattern of a literal text: its own % and _ match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function filterConditions(scope: UserScope, filter: Omit<UserListFilter, 'page' | 'limit'>) {
  const conditions = [scopeCondition(scope)];
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(sql.fragment`(
      (u.first_name || ' ' || u.last_name) ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
  }
  if (filter.role) conditions.push(sql.fragment`u.role = ${filter.role}`);
  if (filter.institutionId !== undefined) conditions.push(linkedTo([filter.institutionId]));
  if (filter.isActive !== undefined) conditions.push(sql.fragment`u.is_active = ${filter.isActive}`);
  return sql.join(conditions, sql.fragment` AND `);
}

const USER_COLUMNS = sql.fragment`
  u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.institution_id, i.name AS institution_name,
  COALESCE(links.ids, '{}') AS clinician_institution_ids,
  COALESCE(array_to_string(links.names, ', '), '') AS clinician_institutions,
  COALESCE(links.names, '{}') AS clinician_institution_names,
  u.permissions, u.is_active, u.created_at, u.updated_at, u.last_login_at`;

const USER_SOURCES = sql.fragment`
  users u
  LEFT JOIN institutions i ON i.id = u.institution_id
  LEFT JOIN LATERAL (
    SELECT array_agg(ci.institution_id ORDER BY ci.institution_id) AS ids,
           array_agg(COALESCE(li.name, '') ORDER BY ci.institution_id) AS names
    FROM clinician_institutions ci LEFT JOIN institutions li ON li.id = ci.institution_id
    WHERE ci.user_id = u.id) links ON TRUE`;

export async function listUsers(
  db: CommonQueryMethods,
  scope: UserScope,
  filter: UserListFilter,
): Promise<{ users: User[]; pagination: Pagination }> {
  const where = filterConditions(scope, filter);
  const total = await db.oneFirst(
    sql.type(z.object({ count: z.number().int() }))`SELECT count(*)::int AS count FROM users u WHERE ${where}`,
  );
  const users = await db.any(
    sql.type(userSchema)`
      SELECT ${USER_COLUMNS} FROM ${USER_SOURCES}
      WHERE ${where}
      ORDER BY u.last_name, u.first_name, u.id
      LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`,
  );
  return { users: [...users], pagination: paginate(filter.page, filter.limit, total) };
}

/** One user within the scope, or null (a user outside it answers 404, as an unknown one does). */
export async function findUser(db: CommonQueryMethods, scope: UserScope, userId: number): Promise<User | null> {
  return db.maybeOne(
    sql.type(userSchema)`
      SELECT ${USER_COLUMNS} FROM ${USER_SOURCES}
      WHERE u.id = ${userId} AND ${scopeCondition(scope)}`,
  );
}

const callerSchema = z.object({
  id: z.number().int(),
  role: roleSchema,
  institution_id: z.number().int().nullable(),
  institution_ids: z.array(z.number().int()),
  permissions: z.array(z.string()),
});

/**
 * The signed-in user as identity's read model knows them now, or null when unknown, inactive or their
 * token's session has ended: role and institutions may have changed since the token was issued, and
 * identity answers from the current ones.
 */
export async function resolveCaller(
  db: CommonQueryMethods,
  principal: Pick<Principal, 'id' | 'sid'>,
): Promise<Caller | null> {
  const row = await db.maybeOne(
    sql.type(callerSchema)`
      SELECT u.id, u.role, u.institution_id, u.permissions,
             ARRAY(SELECT DISTINCT x FROM unnest(
               array_remove(ARRAY[u.institution_id], NULL)
               || COALESCE((SELECT array_agg(ci.institution_id) FROM clinician_institutions ci
                            WHERE ci.user_id = u.id), '{}')) AS x ORDER BY x) AS institution_ids
      FROM users u
      WHERE u.id = ${principal.id} AND u.is_active
        AND EXISTS (SELECT 1 FROM sessions s
                    WHERE s.session_id = ${principal.sid} AND s.user_id = u.id
                      AND s.ended_at IS NULL AND s.expires_at > now())`,
  );
  if (!row) return null;
  return {
    userId: row.id,
    role: row.role,
    institutionId: row.institution_id,
    institutionIds: row.institution_ids,
    permissions: row.permissions,
  };
}
