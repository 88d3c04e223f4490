import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { useInstitutionList } from '../../shared/directoryApi';
import { PageHeader } from '../../shared/PageHeader';
import { InstitutionSummary } from './components/InstitutionSummary';
import { InstitutionTable } from './components/InstitutionTable';
import { institutionOverview } from './overview';

/** /institutions (spec 3 §2 Institution list; super_admin, guarded by the route's section). */
export default function InstitutionListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const { data: institutions, error, isLoading } = useInstitutionList(caller);
  const overview = useMemo(() => institutionOverview(institutions ?? []), [institutions]);

  return (
    <>
      <PageHeader
        title="Institutions"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/institutions/new')}>
            Add Institution
          </Button>
        }
      />
      {error instanceof Error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 24 }} />}
      {institutions === undefined && isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Flex vertical gap={24}>
          <InstitutionSummary overview={overview} />
          <Card title="All Institutions" styles={{ body: { padding: 0 } }}>
            <InstitutionTable institutions={institutions ?? []} loading={isLoading} />
          </Card>
        </Flex>
      )}
    </>
  );
}
