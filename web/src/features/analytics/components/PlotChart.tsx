/**
 * The one module that imports @ant-design/plots: FigureChart loads it with React.lazy, so the charting library is a
 * chunk that only /analytics downloads, never the main bundle or another page.
 */
import { Bar, Column } from '@ant-design/plots';
import type { ChartRow } from '../analyticsModel';

export interface PlotChartProps {
  rows: readonly ChartRow[];
  /** The category axis' title ('Status', 'Test type'). */
  categoryTitle: string;
  /** The value axis' title ('Test requests'). */
  valueTitle: string;
  /** Bars along the value axis (long names read better), else columns. */
  horizontal: boolean;
  height: number;
  color: string;
}

/** A bar or column chart of `rows` with both axes titled and a tooltip naming the category and its value. */
export default function PlotChart({ rows, categoryTitle, valueTitle, horizontal, height, color }: PlotChartProps) {
  const config = {
    data: rows.map((row) => ({ ...row })),
    xField: 'label',
    yField: 'value',
    height,
    autoFit: true,
    animate: false,
    style: { fill: color, maxWidth: 48 },
    // Counts: whole-number ticks only.
    axis: {
      x: { title: categoryTitle },
      y: { title: valueTitle, tickFilter: (tick: number) => Number.isInteger(tick) },
    },
    tooltip: { title: 'label', items: [{ channel: 'y', name: valueTitle }] },
  } as const;
  return horizontal ? <Bar {...config} /> : <Column {...config} />;
}
