import { ERRORS, canEditInstitution, type InstitutionBody } from '@labline/contracts';
import { Alert, Card, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AccessGuard } from '../../app/session/AccessGuard';
import { isNotFound } from '../../shared/apiError';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { saveInstitution, useInstitutionCache, useInstitutionForEdit } from './api';
import { useInstitutionBackLink } from './backLink';
import { InstitutionForm } from './components/InstitutionForm';

/** /institutions/new (route guarded: super_admin). */
export function NewInstitutionPage() {
  return <InstitutionFormScreen id={null} />;
}

/** /institutions/{id}/edit: super_admin, or the institution_admin of that institution (spec 3 §6). */
export function EditInstitutionPage() {
  const id = useRouteId();
  return (
    <AccessGuard
      // An id that is none shows not found, not Access Denied.
      rule={(caller) => id === null || canEditInstitution(caller, id)}
      deniedMessage={ERRORS.noPermissionManageInstitutions}
    >
      <InstitutionFormScreen id={id} editing />
    </AccessGuard>
  );
}

function InstitutionFormScreen({ id, editing = false }: { id: number | null; editing?: boolean }) {
  const navigate = useNavigate();
  const institutionCache = useInstitutionCache();
  const { backPath, backLabel } = useInstitutionBackLink();
  const { data: institution, error } = useInstitutionForEdit(id);
  const detailPath = id === null ? '/institutions' : `/institutions/${id}`;

  const onSave = async (body: InstitutionBody) => {
    const saved = await saveInstitution(id, body);
    await institutionCache.saved(saved);
    navigate(`/institutions/${saved.id}`);
  };

  const title = editing ? 'Edit Institution' : 'Add Institution';
  let content;
  if (editing && (id === null || isNotFound(error))) {
    content = <NotFoundCard title={ERRORS.institutionNotFound} backLabel={backLabel} backPath={backPath} />;
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
