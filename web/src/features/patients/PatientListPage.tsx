import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '../../app/session/SessionContext';
import { useCaller } from '../../app/session/useCaller';
import { useInstitutionList } from '../../shared/directoryApi';
import { ListEmpty, ListSearchInput } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { listBusy, useListPage, useListSearch } from '../../shared/useListSearch';
import { usePatients } from './api';
import { PatientTable } from './components/PatientTable';
import { patientListActions } from './listActions';

/** /patients (spec 1 §2): 'My Patients' for clinicians, search, institution filter, table and pagination. */
export default function PatientListPage() {
  const user = useSessionUser();
  const caller = useCaller();
  const navigate = useNavigate();
  const actions = patientListActions(caller);
  const listSearch = useListSearch();
  const { search } = listSearch;
  const [institutionId, setInstitutionId] = useState<number | undefined>(undefined);
  const [page, setPage] = useListPage([search, institutionId]);

  const { data, error, isLoading, isValidating } = usePatients({ search, page, institutionId });
  const { data: institutions } = useInstitutionList(caller, actions.filterByInstitution);

  // spec 1 §8: a failed list fetch is only logged, never shown.
  useEffect(() => {
    if (error instanceof Error) console.error(`Patient list: ${error.message}`);
  }, [error]);

  const addPatient = () => navigate('/patients/new');
  const narrowed = search !== '' || institutionId !== undefined;

  return (
    <>
      <PageHeader
        title={user.role === 'clinician' ? 'My Patients' : 'Patients'}
        subtitle={user.role === 'clinician' ? 'Patients assigned to you' : 'Manage patient records'}
        extra={
          actions.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={addPatient}>
              Add Patient
            </Button>
          )
        }
      />
      {actions.showInstitutionBanner && user.institution_name !== null && (
        <Alert
          type="info"
          showIcon
          title={user.institution_name}
          description="You are viewing the patients of your institution"
          style={{ marginBottom: 16 }}
          data-testid="institution-banner"
        />
      )}
      <Card aria-busy={listBusy(listSearch, isValidating)}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <ListSearchInput search={listSearch} label="Search patients" placeholder="Search by name, MRN or email" />
          {actions.filterByInstitution && (
            <Select<number>
              allowClear
              placeholder="All Institutions"
              aria-label="Institution filter"
              value={institutionId}
              onChange={(value) => setInstitutionId(value)}
              options={(institutions ?? []).map((institution) => ({ value: institution.id, label: institution.name }))}
              style={{ minWidth: 240 }}
            />
          )}
        </Flex>
        <PatientTable
          patients={data?.patients ?? []}
          loading={isLoading || (isValidating && data === undefined)}
          empty={
            <ListEmpty noun="patients" narrowed={narrowed}>
              {actions.addFromEmptyState && (
                <Button type="primary" icon={<PlusOutlined />} onClick={addPatient}>
                  Add Patient
                </Button>
              )}
            </ListEmpty>
          }
        />
        <PaginationFooter pagination={data?.pagination} onPageChange={setPage} loading={isValidating} />
      </Card>
    </>
  );
}
