import type { Pagination } from '@labline/contracts';
import { Button, Flex, Space, Typography } from 'antd';

interface PaginationFooterProps {
  /** The pagination block of a list response (page, limit, total, pages). */
  pagination: Pagination | undefined;
  onPageChange: (page: number) => void;
  /** Disables the buttons while a page is loading. */
  loading?: boolean;
}

/** The first and last row numbers shown on a page: "Showing 11 to 20 of 42 results". */
export function pageRange({ page, limit, total }: Pagination): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * limit + 1;
  return { from: Math.min(from, total), to: Math.min(page * limit, total) };
}

/**
 * The list footer of spec 1 §2: 'Showing x to y of z results' with Previous / Next. Nothing without rows: the
 * table's empty state says so, and 'Showing 0 to 0 of 0 results' would only repeat it.
 */
export function PaginationFooter({ pagination, onPageChange, loading = false }: PaginationFooterProps) {
  if (pagination === undefined || pagination.total === 0) return null;
  const { page, pages, total } = pagination;
  const { from, to } = pageRange(pagination);
  return (
    <Flex justify="space-between" align="center" gap={16} wrap style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" aria-live="polite">
        Showing {from} to {to} of {total} results
      </Typography.Text>
      <Space>
        <Button disabled={loading || page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button disabled={loading || page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </Space>
    </Flex>
  );
}
