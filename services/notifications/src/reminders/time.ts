/** The scheduler's time zone and how a reminder writes the test's time in it. */

/** Whether Intl knows the zone (an IANA name such as Europe/London, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** SCHEDULER_TIMEZONE, else TZ, else the process's own zone. */
export function schedulerTimeZone(config: {
  SCHEDULER_TIMEZONE?: string | undefined;
  TZ?: string | undefined;
}): string {
  return config.SCHEDULER_TIMEZONE ?? config.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** {test_datetime}: "Monday, 12 May 2025 at 09:30 BST", in the scheduler's zone. */
export function formatTestDatetime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
