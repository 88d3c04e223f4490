import {
  ACCOUNT_EMAIL_TEXTS,
  ERRORS,
  type accountEmailResponseSchema,
  type AccountEmailBody,
  type userListResponseSchema,
  type userResponseSchema,
  type CreateUserBody,
  type Role,
  type UpdateUserBody,
  type User,
  type ResponseOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { useRecordCache } from '../../shared/useRecordCache';

const USERS_PATH = '/users';
/** The spec gives no page size for the user list; 20 rows keep a page on one screen. */
export const USER_PAGE_SIZE = 20;
/** The spec gives no text for a failed user list; shown in the list's red banner. */
export const USER_LIST_LOAD_ERROR = 'Failed to fetch users';
/** The spec gives no texts for the status actions; shown as an error message. */
const DEACTIVATE_ERROR = 'Failed to deactivate user';
const REACTIVATE_ERROR = 'Failed to reactivate user';

export type StatusFilter = 'active' | 'inactive';

export interface UserListFilters {
  search: string;
  role: Role | undefined;
  status: StatusFilter | undefined;
  page: number;
}

export function userListPath({ search, role, status, page }: UserListFilters): string {
  const query = new URLSearchParams({ page: String(page), limit: String(USER_PAGE_SIZE) });
  if (search.trim() !== '') query.set('search', search.trim());
  if (role !== undefined) query.set('role', role);
  if (status !== undefined) query.set('is_active', String(status === 'active'));
  return `${USERS_PATH}?${query.toString()}`;
}

/** The list keeps showing the previous page while the next one loads, so the table does not flash empty. */
export function useUsers(filters: UserListFilters) {
  const path = userListPath(filters);
  return useSWR(
    path,
    () => apiRequest<ResponseOf<typeof userListResponseSchema>>(path, { defaultError: USER_LIST_LOAD_ERROR }),
    {
      keepPreviousData: true,
    },
  );
}

const userPath = (id: number) => `${USERS_PATH}/${id}`;

export function useUser(id: number | null) {
  return useSWR(id === null ? null : userPath(id), (key: string) =>
    apiRequest<ResponseOf<typeof userResponseSchema>>(key, { defaultError: ERRORS.failedToFetchUser }).then(
      ({ user }) => user,
    ),
  );
}

/** Keeps cached users in step with a save (shared/useRecordCache): the saved user shows at once everywhere. */
export function useUserCache() {
  const cache = useRecordCache(USERS_PATH);
  return { saved: (user: User) => cache.saved<User>(userPath(user.id), () => user) };
}

export async function createUser(body: CreateUserBody): Promise<User> {
  const { user } = await apiRequest<ResponseOf<typeof userResponseSchema>>(USERS_PATH, {
    method: 'POST',
    body,
    defaultError: ERRORS.failedToSaveUser,
  });
  return user;
}

export async function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  const { user } = await apiRequest<ResponseOf<typeof userResponseSchema>>(`${USERS_PATH}/${id}`, {
    method: 'PUT',
    body,
    defaultError: ERRORS.failedToSaveUser,
  });
  return user;
}

/** Deactivates or reactivates; answers the user as it is afterwards. */
export async function setUserActive(id: number, active: boolean): Promise<User> {
  const { user } = await apiRequest<ResponseOf<typeof userResponseSchema>>(
    `${USERS_PATH}/${id}/${active ? 'reactivate' : 'deactivate'}`,
    {
      method: 'POST',
      defaultError: active ? REACTIVATE_ERROR : DEACTIVATE_ERROR,
    },
  );
  return user;
}

/** The Email communication card's calls (spec 3 §7): answers the success text; fails with the `error` field's. */
export async function sendAccountEmail(id: number, body: AccountEmailBody): Promise<string> {
  const { message } = await apiRequest<ResponseOf<typeof accountEmailResponseSchema>>(`${USERS_PATH}/${id}/emails`, {
    method: 'POST',
    body,
    defaultError: ACCOUNT_EMAIL_TEXTS.failedToSend,
  });
  return message;
}
