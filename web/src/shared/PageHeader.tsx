import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EllipsisText } from './EllipsisText';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons shown on the right. */
  extra?: ReactNode;
}

/** Narrowest the title gets beside the buttons. */
const TITLE_MIN_WIDTH = 160;

export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
      {/* The title takes the room the buttons leave, down to TITLE_MIN_WIDTH; below that the buttons wrap under it. */}
      <div style={{ flex: `1 1 ${TITLE_MIN_WIDTH}px`, minWidth: 0 }}>
        <Typography.Title
          level={3}
          // A record's name as the title: two lines at most, the rest in a tooltip. A composed title (a name and a
          // tag) cannot be cut, so it wraps anywhere instead of widening the page.
          ellipsis={typeof title === 'string' ? { rows: 2, tooltip: title } : false}
          style={{ margin: 0, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography.Title>
        {typeof subtitle === 'string' ? (
          <EllipsisText type="secondary" style={{ display: 'block', marginTop: 4 }}>
            {subtitle}
          </EllipsisText>
        ) : (
          subtitle !== undefined && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {subtitle}
            </Typography.Text>
          )
        )}
      </div>
      {extra}
    </Flex>
  );
}
