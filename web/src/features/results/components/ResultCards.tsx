import {
  externalLabStatusLabel,
  formatDate,
  formatDateTime,
  formatRange,
  RESULT_FLAG_LABELS,
  RESULT_REPORT_COLUMNS,
  resultRows,
  type ResultDetail,
  type ResultRow,
} from '@labline/contracts';
import { Card, Col, Descriptions, Empty, Row, Table, Tag, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PriorityTag, StatusTag } from '../../../shared/RequestTags';
import { isPriority, NONE, patientName, personName } from '../model';

const text = (value: string | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? NONE : value;
const at = (value: string | null) => (value === null ? NONE : formatDateTime(value));
const cardTitle = (title: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>;

function InfoCard({ title, items, testId }: { title: string; items: [string, ReactNode][]; testId: string }) {
  return (
    <Card title={cardTitle(title)} data-testid={testId} style={{ height: '100%' }}>
      <Descriptions
        column={1}
        size="small"
        items={items.map(([label, children]) => ({ key: label, label, children }))}
      />
    </Card>
  );
}

/** A flagged value in bold red with its letter (H or L) and the word for screen readers. */
const FLAG_COLOR = '#a8071a';
function FlaggedValue({ row }: { row: ResultRow }) {
  if (row.flag === null) return <span>{row.value === '' ? NONE : row.value}</span>;
  return (
    <span style={{ color: FLAG_COLOR, fontWeight: 600 }} data-flag={row.flag}>
      {row.value}{' '}
      <Tag color="red" style={{ marginInlineStart: 4 }}>
        <abbr title={RESULT_FLAG_LABELS[row.flag]} style={{ textDecoration: 'none' }}>
          {row.flag}
        </abbr>
      </Tag>
    </span>
  );
}

const [BIOMARKER, VALUE, UNITS, RANGE, INTERPRETATION] = RESULT_REPORT_COLUMNS;
const ROW_COLUMNS: TableProps<ResultRow>['columns'] = [
  { title: BIOMARKER, key: 'biomarker', render: (_, row) => row.biomarker },
  { title: VALUE, key: 'value', render: (_, row) => <FlaggedValue row={row} /> },
  { title: UNITS, key: 'units', render: (_, row) => text(row.units) },
  { title: RANGE, key: 'range', render: (_, row) => text(row.range) },
  { title: INTERPRETATION, key: 'interpretation', render: (_, row) => text(row.interpretation) },
];

/**
 * /results/{id}'s cards (spec 2 §2.8): Patient & Test Information (the test request linked when the caller may
 * open it), Test Markers (name, description, range with units), Test Results (the markers' values as parsed from
 * the raw data, each flagged H or L against its range by contracts' rule, a value that is no number shown as
 * entered and unflagged; the raw data; the Clinical Interpretation) and Staff Information (with spec 1 §3's external
 * lab fields).
 */
export function ResultCards({ result, linkRequest }: { result: ResultDetail; linkRequest: boolean }) {
  const rows = resultRows(result.result_data, result.markers);
  const request = result.test_request;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <InfoCard
          title="Patient & Test Information"
          testId="patient-test-information"
          items={[
            ['Patient', text(patientName(result))],
            ['MRN', text(result.medical_record_number)],
            ['Date of Birth', result.date_of_birth === null ? NONE : formatDate(result.date_of_birth)],
            ['Gender', text(result.gender)],
            [
              'Test Request',
              linkRequest ? (
                <Link key="request" to={`/tests/${result.test_request_id}`}>
                  {result.test_request_display_id}
                </Link>
              ) : (
                result.test_request_display_id
              ),
            ],
            ['Test', result.test_name],
            ['Sample Type', text(request.sample_type)],
            ['Barcode', text(result.barcode_number)],
            [
              'Priority',
              isPriority(request.priority) ? <PriorityTag key="priority" priority={request.priority} /> : NONE,
            ],
            ['Institution', text(result.institution_name ?? request.institution_name)],
            ['Requested', at(request.requested_at)],
          ]}
        />
      </Col>
      <Col xs={24} lg={12}>
        <InfoCard
          title="Staff Information"
          testId="staff-information"
          items={[
            ['Status', <StatusTag key="status" status={result.status} />],
            ['Entered By', text(personName(result.entered_by_name, result.entered_by_lastname))],
            ['Entered At', at(result.entered_at)],
            ['Reviewed By', text(personName(result.reviewed_by_name, result.reviewed_by_lastname))],
            ['Reviewed At', at(result.reviewed_at)],
            ['Released By', text(personName(result.released_by_name, result.released_by_lastname))],
            ['Released At', at(result.released_at)],
            ...(result.amended_at === null
              ? []
              : ([
                  ['Amended At', at(result.amended_at)],
                  ['Reason for Amendment', text(result.amendment_reason)],
                ] as [string, ReactNode][])),
            // spec 1 §3's external fields (issue 27)
            ['External Lab Status', externalLabStatusLabel(result.external_api_status)],
            ['External Lab ID', text(result.external_lab_id)],
            ['Order Submitted', at(result.api_order_submitted_at)],
            ['Results Received', at(result.api_results_received_at)],
            ['External Results', result.has_external_results ? 'Yes' : 'No'],
          ]}
        />
      </Col>
      <Col xs={24}>
        <Card title={cardTitle('Test Markers')} data-testid="test-markers">
          <Table
            rowKey="marker_id"
            size="small"
            pagination={false}
            dataSource={result.markers}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No markers" /> }}
            columns={[
              { title: 'Marker', key: 'name', render: (_, marker) => marker.name },
              { title: 'Description', key: 'description', render: (_, marker) => text(marker.description) },
              {
                title: 'Reference Range',
                key: 'range',
                render: (_, marker) => `${formatRange(marker)}${marker.units ? ` ${marker.units}` : ''}`,
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={cardTitle('Test Results')} data-testid="test-results">
          {rows.length > 0 && (
            <Table<ResultRow>
              rowKey={(row) => row.biomarker}
              size="small"
              pagination={false}
              dataSource={rows}
              columns={ROW_COLUMNS}
              scroll={{ x: 'max-content' }}
              style={{ marginBottom: 16 }}
              data-testid="result-rows"
            />
          )}
          <Typography.Title level={3} style={{ fontSize: 14 }}>
            Result Data
          </Typography.Title>
          <pre
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', background: '#fafafa', padding: 12, margin: 0 }}
            data-testid="result-data"
          >
            {result.result_data}
          </pre>
          {result.result_values !== null && (
            <>
              <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
                Structured Values
              </Typography.Title>
              <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{result.result_values}</pre>
            </>
          )}
          <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
            Clinical Interpretation
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="interpretation">
            {result.interpretation ?? 'No interpretation'}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
