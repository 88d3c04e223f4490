import { formatDateTime, formatRange, type ResultMarker, type TestRequestDetail } from '@labline/contracts';
import { Card, Descriptions, Empty, Flex, List, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PriorityTag } from '../../../shared/RequestTags';
import { isPriority, NONE, personName } from '../model';

/** The side panel's view of a marker: the catalogue's name, description, units and range. */
export type PanelMarker = Pick<ResultMarker, 'name' | 'description' | 'units' | 'range_min' | 'range_max'> & {
  key: number;
};

const text = (value: string | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? NONE : value;

/**
 * spec 2 §2.9's side panel: the test information (patient, MRN, test, category, institution, priority,
 * requested date, clinical notes) and the markers with their ranges.
 */
export function SidePanel({
  request,
  loading,
  markers,
}: {
  request: TestRequestDetail | undefined;
  loading: boolean;
  markers: readonly PanelMarker[];
}) {
  return (
    <Flex vertical gap={16}>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Test Information</h2>} data-testid="test-information">
        {request === undefined ? (
          loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <Typography.Text type="secondary">Select a test request to see its details</Typography.Text>
          )
        ) : (
          <Descriptions
            column={1}
            size="small"
            items={[
              ['Patient', text(personName(request.patient_first_name, request.patient_last_name))],
              ['MRN', text(request.medical_record_number)],
              ['Test', request.test_name],
              ['Category', text(request.category)],
              ['Institution', text(request.institution_name)],
              ['Priority', isPriority(request.priority) ? <PriorityTag priority={request.priority} /> : NONE],
              ['Requested', formatDateTime(request.requested_at)],
              ['Clinical Notes', text(request.notes)],
            ].map(([label, children]) => ({ key: String(label), label, children }))}
          />
        )}
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Markers</h2>} data-testid="form-markers">
        <List
          size="small"
          dataSource={[...markers]}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No markers" /> }}
          renderItem={(marker) => (
            <List.Item key={marker.key}>
              <Flex vertical>
                <Typography.Text strong>{marker.name}</Typography.Text>
                {marker.description !== null && marker.description !== '' && (
                  <Typography.Text type="secondary">{marker.description}</Typography.Text>
                )}
                <Typography.Text>
                  Range: {formatRange(marker)}
                  {marker.units ? ` ${marker.units}` : ''}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
