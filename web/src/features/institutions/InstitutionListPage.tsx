import { PlusOutlined } from '@ant-design/icons';
import { ERRORS, type Institution } from '@labline/contracts';
import { Button, Card, Flex, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCaller } from '../../app/session/useCaller';
import { useInstitutionList } from '../../shared/directoryApi';
import { ListEmpty, ListEmptyState, ListOrLoadError, ListSearchInput } from '../../shared/ListSearch';
import { PageHeader } from '../../shared/PageHeader';
import { useUrlListState } from '../../shared/useListSearch';
import { InstitutionSummary } from './components/InstitutionSummary';
import { InstitutionTable } from './components/InstitutionTable';
import { institutionOverview } from './overview';

/** Whether the institution's name, number, e-mail or address holds the search text (any case). */
function matches(institution: Institution, search: string): boolean {
  const needle = search.toLocaleLowerCase();
  return [institution.name, institution.institution_number, institution.email, institution.address].some(
    (text) => text?.toLocaleLowerCase().includes(needle) ?? false,
  );
}

/**
 * /institutions (spec 3 §2 Institution list; super_admin, guarded by the route's section): the search lives in the
 * address, and a failed load shows its error with Retry (issue 22).
 */
export default function InstitutionListPage() {
  const caller = useCaller();
  const navigate = useNavigate();
  const { data: institutions, error, isLoading, mutate } = useInstitutionList(caller);
  const overview = useMemo(() => institutionOverview(institutions ?? []), [institutions]);
  // The list holds every institution (a few dozen at most), so the search filters it here, live as elsewhere.
  const { listSearch } = useUrlListState();
  const { search } = listSearch;
  const shown = useMemo(
    () => (institutions ?? []).filter((institution) => search === '' || matches(institution, search)),
    [institutions, search],
  );

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
      {institutions === undefined ? (
        <Card>
          <ListOrLoadError error={error} title={ERRORS.failedToFetchInstitutions} onRetry={mutate}>
            <Skeleton active paragraph={{ rows: 6 }} />
          </ListOrLoadError>
        </Card>
      ) : (
        <Flex vertical gap={24}>
          <InstitutionSummary overview={overview} />
          <Card
            title="All Institutions"
            extra={
              <ListSearchInput
                search={listSearch}
                label="Search institutions"
                placeholder="Search by name, number, email or address"
              />
            }
            styles={{ body: { padding: 0 } }}
          >
            <ListOrLoadError error={error} title={ERRORS.failedToFetchInstitutions} onRetry={mutate}>
              <ListEmptyState empty={<ListEmpty noun="institutions" narrowed={search !== ''} />}>
                <InstitutionTable institutions={shown} loading={isLoading} />
              </ListEmptyState>
            </ListOrLoadError>
          </Card>
        </Flex>
      )}
    </>
  );
}
