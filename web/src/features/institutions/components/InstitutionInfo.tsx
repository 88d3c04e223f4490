import { formatDate } from '@labline/contracts';
import type { Institution } from '@labline/contracts';
import { Descriptions } from 'antd';
import { EllipsisText } from '../../../shared/EllipsisText';
import { FlagText } from '../../../shared/Flag';
import { formatPhoneNumber } from '../../../shared/phone';
import { useDescriptionsLayout } from '../../../shared/useDescriptionsLayout';

const NOT_PROVIDED = 'Not provided';

/** The Overview tab: the institution's fields (spec 3 §3). */
export function InstitutionInfo({ institution }: { institution: Institution }) {
  const layout = useDescriptionsLayout();
  return (
    <Descriptions
      layout={layout}
      column={{ xs: 1, md: 2 }}
      colon={false}
      styles={{ label: { width: 160 } }}
      items={[
        { key: 'name', label: 'Name', children: <EllipsisText>{institution.name}</EllipsisText> },
        {
          key: 'number',
          label: 'Institution Number',
          children: <EllipsisText>{institution.institution_number ?? NOT_PROVIDED}</EllipsisText>,
        },
        { key: 'type', label: 'Type', children: institution.institution_type },
        {
          key: 'api',
          label: 'External Lab Integration',
          children: institution.api_enabled ? 'Enabled' : 'Not enabled',
        },
        {
          key: 'phone',
          label: 'Phone',
          children: <FlagText>{formatPhoneNumber(institution.phone) || NOT_PROVIDED}</FlagText>,
        },
        { key: 'email', label: 'Email', children: <EllipsisText>{institution.email ?? NOT_PROVIDED}</EllipsisText> },
        {
          key: 'address',
          label: 'Address',
          children: <EllipsisText>{institution.address ?? NOT_PROVIDED}</EllipsisText>,
        },
        { key: 'created', label: 'Created', children: formatDate(institution.created_at) },
        { key: 'updated', label: 'Last Updated', children: formatDate(institution.updated_at) },
      ]}
    />
  );
}
