import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '../../app/session/SessionContext';
import { useCaller } from '../../app/session/useCaller';
import { useInstitutionList } from '../../shared/directoryApi';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { usePatients } from './api';
import { PatientTable } from './components/PatientTable';
import { patientListActions } from './listActions';

const SEARCH_DEBOUNCE_MS = 300;

/** /patients (spec 1 §2): 'My Patients' for clinicians, search, institution filter, table and pagination. */
export default function PatientListPage() {
  const user = useSessionUser();
  const caller = useCaller();
  const navigate = useNavigate();
  const actions = patientListActions(caller);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [institutionId, setInstitutionId] = useState<number | undefined>(undefined);
  // The page belongs to one search and filter: a new search starts again on the first page.
  const filterKey = JSON.stringify([search.trim(), institutionId]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const { data, error, isLoading, isValidating } = usePatients({ search, page, institutionId });
  const { data: institutions } = useInstitutionList(caller, actions.filterByInstitution);

  // spec 1 §8: a failed list fetch is only logged, never shown.
  useEffect(() => {
    if (error instanceof Error) console.error(`Patient list: ${error.message}`);
  }, [error]);

  const addPatient = () => navigate('/patients/new');
  const filtered = search.trim() !== '' || institutionId !== undefined;

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
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by name, MRN or email"
            aria-label="Search patients"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            style={{ maxWidth: 360 }}
          />
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
            <Empty
              description={filtered ? 'No patients match your search' : 'No patients found'}
              style={{ margin: '24px 0' }}
            >
              {actions.addFromEmptyState && !filtered && (
                <Button type="primary" icon={<PlusOutlined />} onClick={addPatient}>
                  Add Patient
                </Button>
              )}
            </Empty>
          }
        />
        <PaginationFooter pagination={data?.pagination} onPageChange={setPage} loading={isValidating} />
      </Card>
    </>
  );
}
