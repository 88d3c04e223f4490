import {
  FULFILLMENT_REPLACEABLE,
  FULFILLMENT_TEXTS,
  fulfillmentActionsFrom,
  type FulfillmentAction,
  type FulfillmentRequestRow,
} from '@labline/contracts';
import { Flex, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListTable } from '../../../shared/ListTable';
import { PriorityTag, StatusTag } from '../../../shared/RequestTags';
import { RowAction } from '../../../shared/RowActions';
import { ConfirmedAction } from './ConfirmedAction';
import { ACTION_LABELS, assigneeName, patientName } from '../model';

/** What a row offers a manager (spec 2 §2.5 row actions); the page runs them. */
export interface FulfillmentRowActions {
  /** The request a change is under way for: its actions wait. */
  busy: number | null;
  change(row: FulfillmentRequestRow, action: Exclude<FulfillmentAction, 'dispatch'>): Promise<unknown>;
  assignToMe(row: FulfillmentRequestRow): void;
  /** Mark as Dispatched: asks for the tracking number first. */
  dispatch(row: FulfillmentRequestRow): void;
  replace(row: FulfillmentRequestRow): void;
  printReport(row: FulfillmentRequestRow): void;
  /** Print Shipping Label (issue 25 item 5), for a dispatched kit. */
  printShippingLabel(row: FulfillmentRequestRow): void;
  downloadConfirmation(row: FulfillmentRequestRow): void;
}

interface FulfillmentTableProps {
  rows: readonly FulfillmentRequestRow[];
  loading: boolean;
  empty: ReactNode;
  /** The managers' actions; every caller of the page is one (spec 2 §6), so always given there. */
  actions: FulfillmentRowActions;
}

const NONE = '—';
/** The columns' widths added up (see columns). */
const TABLE_WIDTH = 1080;
/** A refused reservation's reason: antd's warning text colour darkened to pass WCAG AA on white. */
const REFUSED_COLOR = '#874d00';

function RowActionsCell({ row, actions }: { row: FulfillmentRequestRow; actions: FulfillmentRowActions }) {
  const offered = new Set(fulfillmentActionsFrom(row.status));
  const busy = actions.busy === row.id;
  const entries: ReactNode[] = [];
  if (row.status === 'delivered') {
    entries.push(
      <RowAction key="report" onClick={() => actions.printReport(row)}>
        Print Delivery Report
      </RowAction>,
      <RowAction key="confirmation" onClick={() => actions.downloadConfirmation(row)}>
        Download Confirmation
      </RowAction>,
    );
  }
  if (offered.has('reopen')) {
    entries.push(
      <ConfirmedAction
        key="reopen"
        label={ACTION_LABELS.reopen}
        question={FULFILLMENT_TEXTS.confirmReopen}
        danger={false}
        onConfirm={() => actions.change(row, 'reopen')}
      />,
    );
  }
  if (FULFILLMENT_REPLACEABLE.includes(row.status)) {
    entries.push(
      <RowAction key="replace" onClick={() => actions.replace(row)}>
        Create Replacement
      </RowAction>,
    );
  }
  if (offered.has('assign')) {
    entries.push(
      <RowAction key="assign-me" onClick={() => actions.assignToMe(row)}>
        Assign to Me
      </RowAction>,
      <RowAction key="assign" onClick={() => void actions.change(row, 'assign')}>
        {ACTION_LABELS.assign}
      </RowAction>,
    );
  }
  if (offered.has('dispatch')) {
    entries.push(
      <RowAction key="dispatch" onClick={() => actions.dispatch(row)}>
        {ACTION_LABELS.dispatch}
      </RowAction>,
    );
  }
  if (row.status === 'dispatched') {
    entries.push(
      <RowAction key="label" onClick={() => actions.printShippingLabel(row)}>
        {FULFILLMENT_TEXTS.printShippingLabel}
      </RowAction>,
    );
  }
  if (offered.has('deliver')) {
    entries.push(
      <RowAction key="deliver" onClick={() => void actions.change(row, 'deliver')}>
        {ACTION_LABELS.deliver}
      </RowAction>,
    );
  }
  if (offered.has('cancel')) {
    entries.push(
      <ConfirmedAction
        key="cancel"
        label={ACTION_LABELS.cancel}
        question={FULFILLMENT_TEXTS.confirmCancel}
        danger
        onConfirm={() => actions.change(row, 'cancel')}
      />,
    );
  }
  return (
    <Flex vertical gap={4} align="flex-start" style={{ opacity: busy ? 0.5 : 1 }} aria-busy={busy}>
      <Link to={`/fulfillment/${row.id}`}>View</Link>
      {entries}
    </Flex>
  );
}

/**
 * The columns' widths (TABLE_WIDTH in all) fit the list's card beside the side navigation from a 1440 px window;
 * at 1280 the table scrolls sideways with the actions kept in sight at the right, and every column up to Status
 * (725 px) stays clear of them before any scrolling. Actions are one per line, so the pinned column stays narrow.
 */
function columns(actions: FulfillmentRowActions): TableProps<FulfillmentRequestRow>['columns'] {
  return [
    {
      title: 'Request ID',
      key: 'id',
      width: 100,
      render: (_, row) => <Link to={`/fulfillment/${row.id}`}>{row.display_id}</Link>,
    },
    {
      title: 'Test Request ID',
      key: 'test',
      width: 100,
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.test_request_display_id}</span>,
    },
    {
      title: 'Item',
      key: 'item',
      width: 120,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.item_name ?? NONE}</Typography.Text>
          <Typography.Text type="secondary">SKU: {row.item_sku ?? NONE}</Typography.Text>
          <Typography.Text type="secondary">Qty: {row.quantity_requested}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Patient',
      key: 'patient',
      width: 125,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text>{patientName(row) || NONE}</Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            MRN: {row.medical_record_number ?? NONE}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Institution', key: 'institution', width: 100, render: (_, row) => row.institution_name ?? NONE },
    { title: 'Priority', key: 'priority', width: 75, render: (_, row) => <PriorityTag priority={row.priority} /> },
    {
      title: 'Status',
      key: 'status',
      width: 105,
      render: (_, row) => (
        <Flex vertical gap={4} align="flex-start">
          <StatusTag status={row.status} />
          {row.reservation_refused_reason !== null && (
            <Typography.Text style={{ color: REFUSED_COLOR, fontSize: 12 }}>
              {FULFILLMENT_TEXTS.kitNotReserved}: {row.reservation_refused_reason}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: 'Assigned to', key: 'assignee', width: 90, render: (_, row) => assigneeName(row) },
    {
      title: 'Tracking',
      key: 'tracking',
      width: 100,
      render: (_, row) => <span style={{ overflowWrap: 'anywhere' }}>{row.tracking_number ?? NONE}</span>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 165,
      fixed: 'right',
      render: (_, row) => <RowActionsCell row={row} actions={actions} />,
    },
  ];
}

/** The fulfillment list's table (spec 2 §2.5 columns and row actions). */
export function FulfillmentTable({ rows, loading, empty, actions }: FulfillmentTableProps) {
  return (
    <ListTable<FulfillmentRequestRow>
      rows={rows}
      columns={columns(actions)}
      loading={loading}
      empty={empty}
      width={TABLE_WIDTH}
    />
  );
}
