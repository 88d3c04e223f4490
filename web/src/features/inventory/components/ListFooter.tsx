import type { Pagination } from '@labline/contracts';
import { Flex, Typography } from 'antd';
import { PaginationFooter } from '../../../shared/PaginationFooter';

interface ListFooterProps {
  pagination: Pagination | undefined;
  onPageChange(page: number): void;
  loading: boolean;
}

/** spec 2 §2.1's footer: 'Showing X to Y of Z results', Previous/Next, and 'Page N of M' past one page. */
export function ListFooter({ pagination, onPageChange, loading }: ListFooterProps) {
  return (
    <>
      <PaginationFooter pagination={pagination} onPageChange={onPageChange} loading={loading} />
      {pagination !== undefined && pagination.pages > 1 && (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">
            Page {pagination.page} of {pagination.pages}
          </Typography.Text>
        </Flex>
      )}
    </>
  );
}
