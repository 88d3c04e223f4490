import { DASHBOARD_TEXTS, formatDateTime, type Dashboard } from '@labline/contracts';
import { Table } from 'antd';

type Row = NonNullable<Dashboard['institutions']>['by_activity'][number];

/** spec 1 §2 Institution Performance (super_admin): the five most active institutions, 'N/A' without activity. */
export function InstitutionPerformance({ rows }: { rows: readonly Row[] }) {
  return (
    <Table<Row>
      size="small"
      rowKey="institution_name"
      pagination={false}
      dataSource={[...rows]}
      columns={[
        { title: 'Institution', dataIndex: 'institution_name' },
        { title: 'Activity', dataIndex: 'activity_count', align: 'right' },
        {
          title: 'Last Activity',
          dataIndex: 'last_activity',
          render: (value: string | null) => (value === null ? DASHBOARD_TEXTS.notAvailable : formatDateTime(value)),
        },
      ]}
    />
  );
}
