/**
 * The width a table with fixed column widths needs, for its `scroll.x`: where its box is narrower (a phone) the
 * table scrolls inside the box instead of squeezing its columns or widening the page; where it is wider the
 * columns share the extra room.
 */
export function columnsWidth(columns: readonly { width?: number | string }[] = []): number {
  return columns.reduce((total, column) => total + (typeof column.width === 'number' ? column.width : 0), 0);
}
