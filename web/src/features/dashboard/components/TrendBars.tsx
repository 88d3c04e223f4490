import { formatDate, type Dashboard } from '@labline/contracts';
import { Empty, Flex, Typography, theme } from 'antd';
import { trendBars } from '../dashboardModel';

/** The chart's height for the largest bar, in pixels. */
const CHART_HEIGHT_PX = 140;

/**
 * spec 1 §2 Test Request Trends: the last 7 entries as bars per weekday, scaled to the maximum, at least 4 px. The
 * bars are a table for a screen reader (each day, its date and its count), drawn as columns.
 */
export function TrendBars({ trends }: { trends: Dashboard['test_trends'] }) {
  const { token } = theme.useToken();
  const bars = trendBars(trends, CHART_HEIGHT_PX);
  if (bars.length === 0) return <Empty description="No test requests in this timeframe" />;
  return (
    <table aria-label="Test requests per day" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>
        <tr style={{ height: CHART_HEIGHT_PX + 24 }}>
          {bars.map((bar) => (
            <td key={bar.date} style={{ verticalAlign: 'bottom', textAlign: 'center', padding: '0 4px' }}>
              <Flex vertical align="center" gap={4}>
                <Typography.Text strong>{bar.count}</Typography.Text>
                <div
                  data-testid="trend-bar"
                  aria-hidden
                  style={{
                    width: '100%',
                    maxWidth: 40,
                    height: bar.heightPx,
                    background: token.colorPrimary,
                    borderRadius: '4px 4px 0 0',
                  }}
                />
              </Flex>
            </td>
          ))}
        </tr>
        <tr>
          {bars.map((bar) => (
            <th key={bar.date} scope="col" style={{ fontWeight: 'normal', paddingTop: 6 }}>
              <abbr title={formatDate(bar.date)} style={{ textDecoration: 'none' }}>
                {bar.weekday}
              </abbr>
            </th>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
