import { STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS, type StockLevel } from '@labline/contracts';
import { Tag } from 'antd';

/** The stock badge of spec 2 §4: Low Stock (red), Warning (yellow), In Stock (green). */
export function StockBadge({ level }: { level: StockLevel }) {
  return (
    <Tag color={STOCK_LEVEL_COLORS[level]} style={{ marginInlineEnd: 0 }}>
      {STOCK_LEVEL_LABELS[level]}
    </Tag>
  );
}

/**
 * The text colour of a figure at this level (spec 2 §4: red, yellow, green), dark enough to read on white (WCAG AA,
 * which antd's own success and warning text colours are not).
 */
export const STOCK_TEXT_COLORS: Record<StockLevel, string> = {
  low: '#a8071a',
  warning: '#874d00',
  in_stock: '#135200',
};
