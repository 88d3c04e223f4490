import { FULFILLMENT_LIMITS, type FulfillmentRequestRow } from '@labline/contracts';
import { RecentActivityCard } from '../../../shared/RecentActivityCard';
import { patientName } from '../model';

/** spec 2 §2.5's Recent Fulfillment Activity: the first 5 of the loaded rows. */
export function RecentActivity({ rows }: { rows: readonly FulfillmentRequestRow[] }) {
  return (
    <RecentActivityCard
      title="Recent Fulfillment Activity"
      rows={rows}
      limit={FULFILLMENT_LIMITS.recentActivity}
      pathOf={(row) => `/fulfillment/${row.id}`}
      describe={(row) => `${row.item_name ?? '—'} for ${patientName(row) || '—'}`}
    />
  );
}
