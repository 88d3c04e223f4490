import { Typography, type TooltipProps } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';

interface EllipsisTextProps {
  /** A text someone typed (a name, an e-mail, an address): up to hundreds of characters, often without a space. */
  children: string;
  /**
   * The widest the text may be. Table columns give a number: a table sizes its columns by their content, and
   * only a width in pixels keeps a long name from widening its column. Elsewhere the container's width.
   */
  maxWidth?: number | string;
  /** The text is a link into the app. */
  to?: string;
  /** Where the tooltip opens (above by default): beside the text where a menu opens below it. */
  tooltipPlacement?: TooltipProps['placement'];
  type?: 'secondary';
  strong?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * One line of user-entered text, cut with '…' where it does not fit, the whole text in a tooltip on hover. The
 * cut is only drawn: the page's text, copying and screen readers keep the full text.
 */
export function EllipsisText({
  children,
  maxWidth = '100%',
  to,
  tooltipPlacement,
  style,
  ...textProps
}: EllipsisTextProps) {
  const text = (
    <Typography.Text
      ellipsis={{ tooltip: { title: children, placement: tooltipPlacement } }}
      {...textProps}
      // Inside a link the text takes the link's colours (hover included) instead of the body text colour.
      style={to === undefined ? { maxWidth, ...style } : { maxWidth: '100%', color: 'inherit', ...style }}
    >
      {children}
    </Typography.Text>
  );
  if (to === undefined) return text;
  return (
    <Link to={to} style={{ display: 'inline-block', maxWidth, verticalAlign: 'bottom' }}>
      {text}
    </Link>
  );
}
