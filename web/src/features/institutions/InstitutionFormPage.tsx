import { ERRORS, type InstitutionBody } from '@labline/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../app/api/client';
import { useSessionUser } from '../../app/session/SessionContext';
import { AccessDenied } from '../../shared/AccessDenied';
import { PageHeader } from '../../shared/PageHeader';
import { canManageInstitution } from './access';
import { saveInstitution, useInstitutionForEdit, useRevalidateInstitutions } from './api';
import { InstitutionForm } from './components/InstitutionForm';
import { NotFoundCard } from './components/NotFoundCard';
import { useRouteId } from './routeId';

/** /institutions/new (route guarded: super_admin). */
export function NewInstitutionPage() {
  return <InstitutionFormScreen id={null} />;
}

/** /institutions/{id}/edit: super_admin, or the institution_admin of that institution (spec 3 §6). */
export function EditInstitutionPage() {
  const viewer = useSessionUser();
  const id = useRouteId();
  if (id !== null && !canManageInstitution(viewer, id)) {
    return <AccessDenied message={ERRORS.noPermissionManageInstitutions} />;
  }
  return <InstitutionFormScreen id={id} editing />;
}

function InstitutionFormScreen({ id, editing = false }: { id: number | null; editing?: boolean }) {
  const viewer = useSessionUser();
  const navigate = useNavigate();
  const revalidate = useRevalidateInstitutions();
  const { data: institution, error } = useInstitutionForEdit(id);
  const detailPath = id === null ? '/institutions' : `/institutions/${id}`;

  const onSave = async (body: InstitutionBody) => {
    const saved = await saveInstitution(id, body);
    await revalidate();
    navigate(`/institutions/${saved.id}`);
  };

  const title = editing ? 'Edit Institution' : 'Add Institution';
  let content;
  if (editing && (id === null || (error instanceof ApiError && error.status === 404))) {
    content =
      viewer.role === 'super_admin' ? (
        <NotFoundCard title={ERRORS.institutionNotFound} backLabel="Back to Institutions" backPath="/institutions" />
      ) : (
        <NotFoundCard title={ERRORS.institutionNotFound} backLabel="Back to Dashboard" backPath="/dashboard" />
      );
  } else if (editing && error instanceof Error && institution === undefined) {
    content = <Alert type="error" showIcon title={error.message} />;
  } else if (editing && institution === undefined) {
    content = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else {
    content = (
      <InstitutionForm institution={institution ?? null} onSave={onSave} onCancel={() => navigate(detailPath)} />
    );
  }
  return (
    <>
      <PageHeader title={title} />
      {content}
    </>
  );
}
