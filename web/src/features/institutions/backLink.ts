import { canAccessSection } from '@labline/contracts';
import { useCaller } from '../../app/session/useCaller';

/** Back to the institution list for those who may open it (super_admin), else to the dashboard. */
export function useInstitutionBackLink(): { backPath: string; backLabel: string } {
  return canAccessSection(useCaller(), 'institutions')
    ? { backPath: '/institutions', backLabel: 'Back to Institutions' }
    : { backPath: '/dashboard', backLabel: 'Back to Dashboard' };
}
