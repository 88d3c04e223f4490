import type { TestRequestPriority, TestRequestStatus } from '@labline/contracts';
import { Tag } from 'antd';

/** spec 1 §4 badge styling; the result statuses draft, reviewed and final look as pending, approved, completed. */
const STATUS_TAG_COLOURS: Readonly<Record<string, string>> = {
  pending: 'gold',
  draft: 'gold',
  approved: 'blue',
  reviewed: 'blue',
  fulfilled: 'cyan',
  in_progress: 'processing',
  completed: 'success',
  final: 'success',
  cancelled: 'default',
  // Fulfillment's statuses (spec 2 §4).
  assigned: 'blue',
  dispatched: 'processing',
  delivered: 'success',
};
const PRIORITY_TAG_COLOURS: Readonly<Record<TestRequestPriority, string>> = {
  normal: 'default',
  urgent: 'orange',
  stat: 'red',
};

/** 'in_progress' → 'In Progress', as the filters and tags name the values. */
export const valueLabel = (value: string): string =>
  value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function StatusTag({ status }: { status: TestRequestStatus | string }) {
  return <Tag color={STATUS_TAG_COLOURS[status] ?? 'default'}>{valueLabel(status)}</Tag>;
}

export function PriorityTag({ priority }: { priority: TestRequestPriority }) {
  return <Tag color={PRIORITY_TAG_COLOURS[priority]}>{priority === 'stat' ? 'STAT' : valueLabel(priority)}</Tag>;
}
