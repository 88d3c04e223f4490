/** What the Reminder Configurations tab says where the spec gives no wording, phrased as the app's others. */
export const REMINDER_TEXTS = {
  created: 'Reminder configuration created successfully',
  updated: 'Reminder configuration updated successfully',
  empty: 'No reminder configurations found',
  readOnly: 'Reminder configurations apply to every institution: only a super administrator can change them.',
} as const;
