import { formatDate, formatDateTime, RESULT_TEXTS, type ResultRecord, type ResultStatus } from '@labline/contracts';
import { Flex, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListTable } from '../../../shared/ListTable';
import { StatusTag } from '../../../shared/RequestTags';
import { RowAction } from '../../../shared/RowActions';
import { NONE, patientName, personName } from '../model';
import { ReviewMenu } from './ReviewMenu';

/** What a row offers (spec 2 §2.7: View, PDF and the Review menu); the page runs them. */
export interface ResultRowActions {
  /** The result being moved: its actions wait. */
  busy: number | null;
  /** The result whose report is being drawn. */
  printing: number | null;
  review(row: ResultRecord, to: ResultStatus): Promise<unknown>;
  pdf(row: ResultRecord): void;
}

interface ResultTableProps {
  rows: readonly ResultRecord[];
  loading: boolean;
  empty: ReactNode;
  actions: ResultRowActions;
}

/** The columns' widths added up (see columns). */
const TABLE_WIDTH = 1060;

function columns(actions: ResultRowActions): TableProps<ResultRecord>['columns'] {
  return [
    {
      title: 'Result ID',
      key: 'id',
      width: 105,
      render: (_, row) => <Link to={`/results/${row.id}`}>{row.display_id}</Link>,
    },
    {
      title: 'Patient',
      key: 'patient',
      width: 150,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text>{patientName(row) || NONE}</Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            MRN: {row.medical_record_number ?? NONE}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Test', key: 'test', width: 140, render: (_, row) => row.test_name },
    { title: 'Status', key: 'status', width: 95, render: (_, row) => <StatusTag status={row.status} /> },
    {
      title: 'Entered By',
      key: 'entered',
      width: 150,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text>{personName(row.entered_by_name, row.entered_by_lastname) || NONE}</Typography.Text>
          <Typography.Text type="secondary">{row.institution_name ?? NONE}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Reviewed By',
      key: 'reviewed',
      width: 140,
      render: (_, row) =>
        row.reviewed_at === null ? (
          <Typography.Text type="secondary">{RESULT_TEXTS.notReviewed}</Typography.Text>
        ) : (
          <Flex vertical>
            <Typography.Text>{personName(row.reviewed_by_name, row.reviewed_by_lastname) || NONE}</Typography.Text>
            <Typography.Text type="secondary">{formatDate(row.reviewed_at)}</Typography.Text>
          </Flex>
        ),
    },
    {
      title: 'Date Entered',
      key: 'entered_at',
      width: 150,
      render: (_, row) => formatDateTime(row.entered_at),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <Flex vertical gap={4} align="flex-start" aria-busy={actions.busy === row.id}>
          <Link to={`/results/${row.id}`}>View</Link>
          <RowAction onClick={() => actions.pdf(row)}>{actions.printing === row.id ? 'PDF…' : 'PDF'}</RowAction>
          <ReviewMenu result={row} busy={actions.busy === row.id} onReview={(to) => actions.review(row, to)} />
        </Flex>
      ),
    },
  ];
}

/** The results list's table (spec 2 §2.7 columns and row actions). */
export function ResultTable({ rows, loading, empty, actions }: ResultTableProps) {
  return (
    <ListTable<ResultRecord>
      rows={rows}
      columns={columns(actions)}
      loading={loading}
      empty={empty}
      width={TABLE_WIDTH}
    />
  );
}
