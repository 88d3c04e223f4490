import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { ERRORS, canEditInstitution, canManageLabAssignments, type Institution } from '@labline/contracts';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Space, Tabs, Tag } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccessGuard } from '../../app/session/AccessGuard';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { useAddressTab } from '../../shared/useAddressTab';
import { useInstitutionDetail, useInstitutionStats } from './api';
import { useInstitutionBackLink } from './backLink';
import { InstitutionInfo } from './components/InstitutionInfo';
import { InstitutionQuickActions } from './components/InstitutionQuickActions';
import { InstitutionStatCards } from './components/InstitutionStatCards';

// The tabs behind Overview load when first opened (antd renders a tab's content then): their tables and the lab
// picker are not part of the page's first load.
const InstitutionPatientsTab = lazy(() =>
  import('./components/InstitutionPatientsTab').then((module) => ({ default: module.InstitutionPatientsTab })),
);
const InstitutionCliniciansTab = lazy(() =>
  import('./components/InstitutionCliniciansTab').then((module) => ({ default: module.InstitutionCliniciansTab })),
);
const InstitutionLabsTab = lazy(() =>
  import('./components/InstitutionLabsTab').then((module) => ({ default: module.InstitutionLabsTab })),
);
const tabFallback = <Skeleton active paragraph={{ rows: 4 }} />;

/**
 * /institutions/{id} (spec 3 §2): super_admin for any institution, the institution_admin for their own
 * (spec 3 §6). The route has no section guard, so the check is here.
 */
export default function InstitutionDetailPage() {
  const id = useRouteId();
  return (
    <AccessGuard
      // An id that is none shows not found, not Access Denied.
      rule={(caller) => id === null || canEditInstitution(caller, id)}
      deniedMessage={ERRORS.noPermissionManageInstitutions}
    >
      <InstitutionDetail id={id} />
    </AccessGuard>
  );
}

function InstitutionDetail({ id }: { id: number | null }) {
  const caller = useCaller();
  const navigate = useNavigate();
  const { data: institution, error } = useInstitutionDetail(id);
  const { backPath, backLabel } = useInstitutionBackLink();

  if (id === null || isNotFound(error)) {
    return <NotFoundCard title={ERRORS.institutionNotFound} backLabel={backLabel} backPath={backPath} />;
  }
  if (error instanceof Error && institution === undefined) {
    return <Alert type="error" showIcon title={error.message} />;
  }
  if (institution === undefined) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title={
          <Space size={12}>
            {institution.name}
            <Tag color="blue">{institution.institution_type}</Tag>
          </Space>
        }
        subtitle={institution.institution_number ?? undefined}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backPath)}>
              {backLabel}
            </Button>
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/institutions/${id}/edit`)}>
              Edit Institution
            </Button>
          </Space>
        }
      />
      <Flex vertical gap={24}>
        <InstitutionStats id={id} />
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={18}>
            <Card>
              <InstitutionTabs institution={institution} />
            </Card>
          </Col>
          <Col xs={24} xl={6}>
            <InstitutionQuickActions caller={caller} institutionId={id} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}

const lazyTab = (content: ReactNode) => <Suspense fallback={tabFallback}>{content}</Suspense>;

/** The detail's tabs, the open one named in the address (`?tab=labs`) beside the Labs list's page. */
function InstitutionTabs({ institution }: { institution: Institution }) {
  const caller = useCaller();
  const { id } = institution;
  const tabs = [
    { key: 'overview', label: 'Overview', children: <InstitutionInfo institution={institution} /> },
    { key: 'patients', label: 'Patients', children: lazyTab(<InstitutionPatientsTab institutionId={id} />) },
    { key: 'clinicians', label: 'Clinicians', children: lazyTab(<InstitutionCliniciansTab institutionId={id} />) },
    ...(canManageLabAssignments(caller, id)
      ? [{ key: 'labs', label: 'Labs', children: lazyTab(<InstitutionLabsTab institutionId={id} />) }]
      : []),
  ];
  const [activeKey, openTab] = useAddressTab(tabs.map((tab) => tab.key));
  return <Tabs activeKey={activeKey} onChange={openTab} items={tabs} />;
}

function InstitutionStats({ id }: { id: number }) {
  const { data: stats, error, isLoading } = useInstitutionStats(id);
  return (
    <Flex vertical gap={16}>
      {error instanceof Error && <Alert type="error" showIcon title={error.message} />}
      <InstitutionStatCards stats={stats} loading={isLoading} />
    </Flex>
  );
}
