import type { Institution } from '@labline/contracts';
import { Descriptions } from 'antd';
import { formatDate } from '../../../shared/formatDate';
import { formatPhoneNumber } from '../../../shared/phone';

const NOT_PROVIDED = 'Not provided';

/** The Overview tab: the institution's fields (spec 3 §3). */
export function InstitutionInfo({ institution }: { institution: Institution }) {
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      colon={false}
      styles={{ label: { width: 160 } }}
      items={[
        { key: 'name', label: 'Name', children: institution.name },
        { key: 'number', label: 'Institution Number', children: institution.institution_number ?? NOT_PROVIDED },
        { key: 'type', label: 'Type', children: institution.institution_type },
        { key: 'phone', label: 'Phone', children: formatPhoneNumber(institution.phone) || NOT_PROVIDED },
        { key: 'email', label: 'Email', children: institution.email ?? NOT_PROVIDED },
        { key: 'address', label: 'Address', children: institution.address ?? NOT_PROVIDED },
        { key: 'created', label: 'Created', children: formatDate(institution.created_at) },
        { key: 'updated', label: 'Last Updated', children: formatDate(institution.updated_at) },
      ]}
    />
  );
}
