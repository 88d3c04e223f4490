import { ERRORS, sessionUserSchema, type Role, type User } from '@labline/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api/client';
import { useSession, useSessionUser } from '../../app/session/SessionContext';
import { AccessDenied } from '../../shared/AccessDenied';
import { PageHeader } from '../../shared/PageHeader';
import { useInstitutions } from '../institutions/api';
import { NotFoundCard } from '../institutions/components/NotFoundCard';
import { useRouteId } from '../institutions/routeId';
import { createUser, updateUser, useRevalidateUsers, useUser } from './api';
import { UserForm } from './components/UserForm';
import { canEditUser } from './permissions';
import { existingUserValues, newUserValues, userBody, type UserFormValues } from './userFormValues';

/** After a save: the detail page, and the top bar follows when administrators edit themselves. */
function useAfterSave() {
  const viewer = useSessionUser();
  const { updateUser: updateSessionUser } = useSession();
  const navigate = useNavigate();
  const revalidate = useRevalidateUsers();
  return async (saved: User) => {
    if (saved.id === viewer.id) updateSessionUser(sessionUserSchema.parse(saved));
    await revalidate();
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
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const afterSave = useAfterSave();
  const { data: institutions, error } = useInstitutions();
  // Read once: the query only preselects (spec 3 §2), later changes of the URL do not reset the form.
  const [initialValues] = useState(() => newUserValues(viewer, query));

  const onSave = async (values: UserFormValues & { role: Role }) =>
    afterSave(await createUser(userBody(viewer, values)));

  return (
    <>
      <PageHeader title="Add User" />
      {error instanceof Error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 24 }} />}
      {institutions === undefined && error === undefined ? (
        <Loading />
      ) : (
        <UserForm
          viewer={viewer}
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

/** /users/{id}/edit: an institution_admin edits the users of their own institution only. */
export function EditUserPage() {
  const viewer = useSessionUser();
  const navigate = useNavigate();
  const id = useRouteId();
  const afterSave = useAfterSave();
  const { data: user, error } = useUser(id);
  const { data: institutions, error: institutionsError } = useInstitutions();

  const header = <PageHeader title="Edit User" />;
  if (id === null || (error instanceof ApiError && error.status === 404)) {
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
  if (!canEditUser(viewer, user)) return <AccessDenied message={ERRORS.noPermissionManageUsers} />;

  const onSave = async (values: UserFormValues & { role: Role }) =>
    afterSave(await updateUser(user.id, { ...userBody(viewer, values), is_active: values.is_active }));

  return (
    <>
      {header}
      {institutionsError instanceof Error && (
        <Alert type="error" showIcon title={institutionsError.message} style={{ marginBottom: 24 }} />
      )}
      <UserForm
        viewer={viewer}
        user={user}
        initialValues={existingUserValues(user)}
        institutions={institutions ?? []}
        onSave={onSave}
        onCancel={() => navigate(`/users/${user.id}`)}
      />
    </>
  );
}
