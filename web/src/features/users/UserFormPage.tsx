import { ERRORS, canManageUser, type Role, type User } from '@labline/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccessGuard } from '../../app/session/AccessGuard';
import { useSession, useSessionUser } from '../../app/session/SessionContext';
import { fetchProfile } from '../../app/session/sessionApi';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { useInstitutionList } from '../../shared/directoryApi';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { createUser, updateUser, useUser, useUserCache } from './api';
import { UserForm } from './components/UserForm';
import { existingUserValues, newUserValues, userBody, type UserFormValues } from './userFormValues';

/** After a save: the detail page, and the top bar follows when administrators edit themselves. */
function useAfterSave() {
  const viewer = useSessionUser();
  const { updateUser: updateSessionUser } = useSession();
  const navigate = useNavigate();
  const userCache = useUserCache();
  return async (saved: User) => {
    if (saved.id === viewer.id) updateSessionUser(await fetchProfile());
    await userCache.saved(saved);
    navigate(`/users/${saved.id}`);
  };
}

function Loading() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

/** /users/new (route guarded: super_admin and institution_admin, spec 3 §2). */
export function NewUserPage() {
  const viewer = useSessionUser();
  const caller = useCaller();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const afterSave = useAfterSave();
  const { data: institutions, error } = useInstitutionList(caller);
  // Read once: the query only preselects (spec 3 §2), later changes of the URL do not reset the form.
  const [initialValues] = useState(() => newUserValues(caller, query));

  const onSave = async (values: UserFormValues & { role: Role }) =>
    afterSave(await createUser(userBody(caller, values)));

  return (
    <>
      <PageHeader title="Add User" />
      {error instanceof Error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 24 }} />}
      {institutions === undefined && error === undefined ? (
        <Loading />
      ) : (
        <UserForm
          caller={caller}
          ownInstitutionName={viewer.institution_name}
          user={null}
          initialValues={initialValues}
          institutions={institutions ?? []}
          onSave={onSave}
          onCancel={() => navigate('/users')}
        />
      )}
    </>
  );
}

/** /users/{id}/edit: an institution_admin edits the users of their own institution only (canManageUser). */
export function EditUserPage() {
  const viewer = useSessionUser();
  const caller = useCaller();
  const navigate = useNavigate();
  const id = useRouteId();
  const afterSave = useAfterSave();
  const { data: user, error } = useUser(id);
  const { data: institutions, error: institutionsError } = useInstitutionList(caller);

  const header = <PageHeader title="Edit User" />;
  if (id === null || isNotFound(error)) {
    return <NotFoundCard title={ERRORS.userNotFound} backLabel="Back to Users" backPath="/users" />;
  }
  if (error instanceof Error && user === undefined) {
    return (
      <>
        {header}
        <Alert type="error" showIcon title={error.message} />
      </>
    );
  }
  if (user === undefined || (institutions === undefined && institutionsError === undefined)) {
    return (
      <>
        {header}
        <Loading />
      </>
    );
  }

  const onSave = async (values: UserFormValues & { role: Role }) =>
    afterSave(await updateUser(user.id, { ...userBody(caller, values), is_active: values.is_active }));

  return (
    <AccessGuard rule={(manager) => canManageUser(manager, user)} deniedMessage={ERRORS.noPermissionManageUsers}>
      {header}
      {institutionsError instanceof Error && (
        <Alert type="error" showIcon title={institutionsError.message} style={{ marginBottom: 24 }} />
      )}
      <UserForm
        caller={caller}
        ownInstitutionName={viewer.institution_name}
        user={user}
        initialValues={existingUserValues(user)}
        institutions={institutions ?? []}
        onSave={onSave}
        onCancel={() => navigate(`/users/${user.id}`)}
      />
    </AccessGuard>
  );
}
