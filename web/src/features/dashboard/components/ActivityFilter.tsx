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
          <FilterChoice
            label="Institution"
            placeholder="Select an institution"
            loading={institutions.isLoading}
            value={filters.institutionId}
            options={(institutions.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
            onChange={(institutionId) => onChange({ institutionId })}
          />
        )}
        {filters.activity === 'clinician' && (
          <FilterChoice
            label="Clinician"
            placeholder="Select a clinician"
            loading={clinicians.isLoading}
            value={filters.clinicianId}
            options={(clinicians.data ?? []).map(({ id, first_name, last_name }) => ({
              value: id,
              label: `${first_name} ${last_name}`,
            }))}
            onChange={(clinicianId) => onChange({ clinicianId })}
          />
        )}
      </Flex>
    </Card>
  );
}

interface FilterChoiceProps {
  label: string;
  placeholder: string;
  loading: boolean;
  value: number | undefined;
  options: { value: number; label: string }[];
  onChange(value: number | undefined): void;
}

/** The institution or clinician the activity filter narrows to: searchable by name, clearable. */
function FilterChoice({ label, placeholder, loading, value, options, onChange }: FilterChoiceProps) {
  return (
    <Select<number>
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      options={options}
      onChange={onChange}
      style={{ width: 280 }}
    />
  );
}
