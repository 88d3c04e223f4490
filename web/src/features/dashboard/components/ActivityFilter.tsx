import { ACTIVITY_FILTER_LABELS, ACTIVITY_FILTERS, type ActivityFilter as Filter } from '@labline/contracts';
import { Card, Flex, Select } from 'antd';
import { useFilterClinicians, useFilterInstitutions } from '../api';
import type { DashboardFilters } from '../dashboardModel';

const FILTER_OPTIONS = ACTIVITY_FILTERS.map((value) => ({ value, label: ACTIVITY_FILTER_LABELS[value] }));

interface ActivityFilterProps {
  filters: DashboardFilters;
  onChange(next: Partial<DashboardFilters>): void;
}

/**
 * spec 1 §2 super_admin's activity filter: All Activities, By Institution (pick an institution), By Clinician (the
 * first 10 clinicians). The lists load when their choice is made.
 */
export function ActivityFilter({ filters, onChange }: ActivityFilterProps) {
  const institutions = useFilterInstitutions(filters.activity === 'institution');
  const clinicians = useFilterClinicians(filters.activity === 'clinician');
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap>
        <Select<Filter>
          aria-label="Activity filter"
          value={filters.activity}
          options={FILTER_OPTIONS}
          onChange={(activity) => onChange({ activity, institutionId: undefined, clinicianId: undefined })}
          style={{ width: 200 }}
        />
        {filters.activity === 'institution' && (
          <Select<number>
            aria-label="Institution"
            placeholder="Select an institution"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={institutions.isLoading}
            value={filters.institutionId}
            options={(institutions.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
            onChange={(institutionId) => onChange({ institutionId })}
            style={{ width: 280 }}
          />
        )}
        {filters.activity === 'clinician' && (
          <Select<number>
            aria-label="Clinician"
            placeholder="Select a clinician"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={clinicians.isLoading}
            value={filters.clinicianId}
            options={(clinicians.data ?? []).map(({ id, first_name, last_name }) => ({
              value: id,
              label: `${first_name} ${last_name}`,
            }))}
            onChange={(clinicianId) => onChange({ clinicianId })}
            style={{ width: 280 }}
          />
        )}
      </Flex>
    </Card>
  );
}
