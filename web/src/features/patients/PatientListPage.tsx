import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '../../app/session/SessionContext';
import { useCaller } from '../../app/session/useCaller';
import { useInstitutionList } from '../../shared/directoryApi';
import { ListEmpty, ListOrLoadError, ListSearchInput } from '../../shared/ListSearch';
import { ListFilterSelect } from '../../shared/ListFilterSelect';
import { PageHeader } from '../../shared/PageHeader';
import { PaginationFooter } from '../../shared/PaginationFooter';
import { urlFilter } from '../../shared/listParams';
import { listBusy, useUrlListState } from '../../shared/useListSearch';
import { PATIENT_LIST_LOAD_ERROR, usePatients } from './api';
import { PatientTable } from './components/PatientTable';
import { patientListActions } from './listActions';

/** The list's filter as the address names it (the super_admin's institution filter). */
const FILTERS = { institution: urlFilter.id };

/**
 * /patients (spec 1 §2): 'My Patients' for clinicians, search, institution filter, table and pagination; search,
 * filter and page live in the address, and a failed load shows its error with Retry (issue 22).
 */
export default function PatientListPage() {
  const user = useSessionUser();
  const caller = useCaller();
  const navigate = useNavigate();
  const actions = patientListActions(caller);
  const { listSearch, filters, setFilters, page, setPage } = useUrlListState(FILTERS);
  const { search } = listSearch;
  // Only the super_admin filters by institution; for others an institution in the address is no filter.
  const institutionId = actions.filterByInstitution ? filters.institution : undefined;

  const { data, error, isLoading, isValidating, mutate } = usePatients({ search, page, institutionId });
  const { data: institutions } = useInstitutionList(caller, actions.filterByInstitution);

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
            <ListFilterSelect<number>
              label="Institution filter"
              placeholder="All Institutions"
              options={(institutions ?? []).map((institution) => ({ value: institution.id, label: institution.name }))}
              value={institutionId}
              onChange={(value) => setFilters({ institution: value })}
              width={240}
            />
          )}
        </Flex>
        <ListOrLoadError error={error} title={PATIENT_LIST_LOAD_ERROR} onRetry={mutate}>
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
        </ListOrLoadError>
      </Card>
    </>
  );
}
