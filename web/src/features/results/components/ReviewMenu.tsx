import { DownOutlined } from '@ant-design/icons';
import type { ResultStatus } from '@labline/contracts';
import { Button, Dropdown } from 'antd';
import { useFeedback } from '../../../app/feedback/feedback';
import { REVIEW_LABELS, reviewMoves, reviewQuestion } from '../model';

interface ReviewMenuProps {
  result: { id: number; display_id: string; status: ResultStatus };
  busy: boolean;
  /** Makes the move once confirmed. */
  onReview(to: ResultStatus): Promise<unknown>;
  /** The detail's header shows it as a full button; the rows as a link. */
  size?: 'row' | 'page';
}

/**
 * spec 2 §2.7's Review menu: the moves of contracts' table from the result's status (draft → reviewed,
 * reviewed → final, amended → reviewed or final), each asked first. Nothing for a final result: a correction is
 * made on the edit form, with its reason.
 */
export function ReviewMenu({ result, busy, onReview, size = 'row' }: ReviewMenuProps) {
  const { modal } = useFeedback();
  const moves = reviewMoves(result.status);
  if (moves.length === 0) return null;
  const confirm = (to: ResultStatus) =>
    void modal.confirm({
      title: REVIEW_LABELS[to],
      content: reviewQuestion(result.display_id, to),
      okText: REVIEW_LABELS[to],
      cancelText: 'Cancel',
      onOk: () => onReview(to),
    });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: moves.map((to) => ({ key: to, label: REVIEW_LABELS[to] })),
        onClick: ({ key }) => confirm(key as ResultStatus),
      }}
    >
      {size === 'row' ? (
        <Button type="link" size="small" style={{ padding: 0 }} loading={busy}>
          Review <DownOutlined />
        </Button>
      ) : (
        <Button type="primary" loading={busy}>
          Review <DownOutlined />
        </Button>
      )}
    </Dropdown>
  );
}
