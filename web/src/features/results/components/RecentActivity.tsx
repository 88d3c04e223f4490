import { RESULT_LIMITS, RESULT_TEXTS, type ResultRecord } from '@labline/contracts';
import { RecentActivityCard } from '../../../shared/RecentActivityCard';
import { NONE, patientName } from '../model';

/** spec 2 §2.7's Recent Results Activity: the first 5 of the loaded rows. */
export function RecentActivity({ rows }: { rows: readonly ResultRecord[] }) {
  return (
    <RecentActivityCard
      title={RESULT_TEXTS.recentActivity}
      rows={rows}
      limit={RESULT_LIMITS.recentActivity}
      pathOf={(row) => `/results/${row.id}`}
      describe={(row) => `${row.test_name} for ${patientName(row) || NONE}`}
    />
  );
}
