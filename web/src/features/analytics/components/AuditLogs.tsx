import {
  ANALYTICS_ERRORS,
  AUDIT_LOG_PAGE_SIZE,
  formatDateTime,
  roleLabel,
  type AnalyticsTimeframe,
  type AuditLogEntry,
} from '@labline/contracts';
import { Card, Table } from 'antd';
import { useAuditLog, useAuditSummary } from '../api';
import { auditCountsByAction, statusLabel } from '../analyticsModel';
import { FigureChart } from './FigureChart';
import { LoadFailure } from './LoadFailure';

interface AuditLogsProps {
  timeframe: AnalyticsTimeframe;
  institutionId: number | undefined;
  page: number;
  onPageChange(page: number): void;
}

/**
 * spec 3 §2 Audit Logs: the audit summary (entries of the timeframe per action) and the audit log itself, who did
 * what to which record and when, newest first, a page at a time (the page in the address).
 */
export function AuditLogs({ timeframe, institutionId, page, onPageChange }: AuditLogsProps) {
  const summary = useAuditSummary(timeframe, institutionId);
  const log = useAuditLog(timeframe, institutionId, page);
  const error = summary.error ?? log.error;
  if (error !== undefined)
    return (
      <LoadFailure
        title={ANALYTICS_ERRORS.fetchAnalytics}
        error={error}
        onRetry={() => Promise.all([summary.mutate(), log.mutate()])}
      />
    );
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <FigureChart
          title="Audit Entries by Action"
          rows={auditCountsByAction(summary.data?.audit_summary ?? [])}
          categoryTitle="Action"
          valueTitle="Entries"
          empty="No audit entries in this timeframe"
          horizontal
        />
      </div>
      <Card title="Audit Log">
        <Table<AuditLogEntry>
          rowKey="id"
          loading={log.isLoading}
          dataSource={log.data?.entries ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No audit entries in this timeframe' }}
          pagination={{
            current: page,
            pageSize: AUDIT_LOG_PAGE_SIZE,
            total: log.data?.pagination.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: onPageChange,
          }}
          columns={[
            { title: 'Date & Time', dataIndex: 'occurred_at', render: (at: string) => formatDateTime(at) },
            {
              title: 'User',
              key: 'actor',
              render: (_, entry) =>
                entry.actor_name === null
                  ? 'System'
                  : `${entry.actor_name}${entry.actor_role === null ? '' : ` (${roleLabel(entry.actor_role)})`}`,
            },
            { title: 'Action', dataIndex: 'action', render: (action: string) => statusLabel(action) },
            { title: 'Record Type', dataIndex: 'table_name', render: (type: string) => statusLabel(type) },
            { title: 'Record', dataIndex: 'record_display_id' },
            {
              title: 'Institution',
              dataIndex: 'institution_name',
              render: (name: string | null) => name ?? 'System',
            },
          ]}
        />
      </Card>
    </>
  );
}
