import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { ERRORS, canEditInstitution, canManageLabAssignments } from '@labline/contracts';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Space, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AccessGuard } from '../../app/session/AccessGuard';
import { useCaller } from '../../app/session/useCaller';
import { isNotFound } from '../../shared/apiError';
import { NotFoundCard } from '../../shared/NotFoundCard';
import { PageHeader } from '../../shared/PageHeader';
import { useRouteId } from '../../shared/routeId';
import { useInstitutionDetail, useInstitutionStats } from './api';
import { useInstitutionBackLink } from './backLink';
import { InstitutionCliniciansTab } from './components/InstitutionCliniciansTab';
import { InstitutionInfo } from './components/InstitutionInfo';
import { InstitutionLabsTab } from './components/InstitutionLabsTab';
import { InstitutionPatientsTab } from './components/InstitutionPatientsTab';
import { InstitutionQuickActions } from './components/InstitutionQuickActions';
import { InstitutionStatCards } from './components/InstitutionStatCards';

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
              <Tabs
                items={[
                  { key: 'overview', label: 'Overview', children: <InstitutionInfo institution={institution} /> },
                  { key: 'patients', label: 'Patients', children: <InstitutionPatientsTab institutionId={id} /> },
                  { key: 'clinicians', label: 'Clinicians', children: <InstitutionCliniciansTab institutionId={id} /> },
                  ...(canManageLabAssignments(caller, id)
                    ? [{ key: 'labs', label: 'Labs', children: <InstitutionLabsTab institutionId={id} /> }]
                    : []),
                ]}
              />
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

function InstitutionStats({ id }: { id: number }) {
  const { data: stats, error, isLoading } = useInstitutionStats(id);
  return (
    <Flex vertical gap={16}>
      {error instanceof Error && <Alert type="error" showIcon title={error.message} />}
      <InstitutionStatCards stats={stats} loading={isLoading} />
    </Flex>
  );
}
