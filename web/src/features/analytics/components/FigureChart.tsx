import { Card, Empty, Skeleton, theme } from 'antd';
import { lazy, Suspense, type CSSProperties } from 'react';
import type { ChartRow } from '../analyticsModel';

// The charting library's chunk: loaded when the first chart of /analytics renders, by no other page.
const PlotChart = lazy(() => import('./PlotChart'));

/** Off screen but read by a screen reader (the chart's own table). */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

interface FigureChartProps {
  /** The card's title, also the table's caption. */
  title: string;
  rows: readonly ChartRow[];
  categoryTitle: string;
  valueTitle: string;
  /** Shown instead of an empty chart. */
  empty: string;
  horizontal?: boolean;
  height?: number;
}

/**
 * A card with a chart of figures people compare (spec 3 §2: requests by status, test types, user activity), its
 * axes titled and a tooltip per bar. The drawing is a picture to a screen reader, so the same figures are a table
 * it reads instead (visually hidden); the chart itself is hidden from it.
 */
export function FigureChart({
  title,
  rows,
  categoryTitle,
  valueTitle,
  empty,
  horizontal = false,
  height = 280,
}: FigureChartProps) {
  const { token } = theme.useToken();
  return (
    <Card title={title} style={{ height: '100%' }}>
      {rows.length === 0 ? (
        <Empty description={empty} />
      ) : (
        <>
          <div aria-hidden data-testid="analytics-chart" style={{ height }}>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
              <PlotChart
                rows={rows}
                categoryTitle={categoryTitle}
                valueTitle={valueTitle}
                horizontal={horizontal}
                height={height}
                color={token.colorPrimary}
              />
            </Suspense>
          </div>
          <table style={VISUALLY_HIDDEN}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{categoryTitle}</th>
                <th scope="col">{valueTitle}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
