import {
  ACCOUNT_EMAIL_TEXTS,
  ERRORS,
  IDENTITY_ROUTES,
  routeUrl,
  type AccountEmailBody,
  type AnswerOf,
  type CreateUserBody,
  type IDENTITY_CONTRACTS,
  type Role,
  type UpdateUserBody,
  type User,
  type userListResponseSchema,
  type ResponseOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { callRoute } from '../../app/api/routes';
import { useRecordCache } from '../../shared/useRecordCache';

type Contracts = typeof IDENTITY_CONTRACTS;
const USERS_PATH = routeUrl(IDENTITY_ROUTES.users);
/** The spec gives no page size for the user list; 20 rows keep a page on one screen. */
export const USER_PAGE_SIZE = 20;
/** The spec gives no text for a failed user list; shown in the list's place, with Retry. */
export const USER_LIST_LOAD_ERROR = 'Failed to fetch users';
/** The spec gives no texts for the status actions; shown as an error message. */
const DEACTIVATE_ERROR = 'Failed to deactivate user';
const REACTIVATE_ERROR = 'Failed to reactivate user';

/** The Status filter's values (the list's `is_active`). */
export const USER_STATUS_FILTERS = ['active', 'inactive'] as const;
export type StatusFilter = (typeof USER_STATUS_FILTERS)[number];

export interface UserListFilters {
  search: string;
  role: Role | undefined;
  status: StatusFilter | undefined;
  page: number;
}

export function userListPath({ search, role, status, page }: UserListFilters): string {
  return routeUrl(
    IDENTITY_ROUTES.users,
    {},
    {
      page,
      limit: USER_PAGE_SIZE,
      search: search.trim() === '' ? undefined : search.trim(),
      role,
      is_active: status === undefined ? undefined : status === 'active',
    },
  );
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

const userPath = (id: number) => routeUrl(IDENTITY_ROUTES.user, { id });

export function useUser(id: number | null) {
  return useSWR(id === null ? null : userPath(id), (key: string) =>
    apiRequest<AnswerOf<Contracts['user']>>(key, { defaultError: ERRORS.failedToFetchUser }).then(({ user }) => user),
  );
}

/** Keeps cached users in step with a save (shared/useRecordCache): the saved user shows at once everywhere. */
export function useUserCache() {
  const cache = useRecordCache(USERS_PATH);
  return { saved: (user: User) => cache.saved<User>(userPath(user.id), () => user) };
}

export async function createUser(body: CreateUserBody): Promise<User> {
  const { user } = await callRoute<Contracts['createUser']>(
    IDENTITY_ROUTES.createUser,
    {},
    { body, defaultError: ERRORS.failedToSaveUser },
  );
  return user;
}

export async function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  const { user } = await callRoute<Contracts['updateUser']>(
    IDENTITY_ROUTES.updateUser,
    { id },
    { body, defaultError: ERRORS.failedToSaveUser },
  );
  return user;
}

/** Deactivates or reactivates; answers the user as it is afterwards. */
export async function setUserActive(id: number, active: boolean): Promise<User> {
  const { user } = await callRoute<Contracts['reactivateUser' | 'deactivateUser']>(
    active ? IDENTITY_ROUTES.reactivateUser : IDENTITY_ROUTES.deactivateUser,
    { id },
    { defaultError: active ? REACTIVATE_ERROR : DEACTIVATE_ERROR },
  );
  return user;
}

/** The Email communication card's calls (spec 3 §7): answers the success text; fails with the `error` field's. */
export async function sendAccountEmail(id: number, body: AccountEmailBody): Promise<string> {
  const { message } = await callRoute<Contracts['sendAccountEmail']>(
    IDENTITY_ROUTES.sendAccountEmail,
    { id },
    { body, defaultError: ACCOUNT_EMAIL_TEXTS.failedToSend },
  );
  return message;
}
