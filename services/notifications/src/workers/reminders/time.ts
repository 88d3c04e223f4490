/** The scheduler's time zone (a reminder writes the test's time in it: contracts' formatDateTimeInZone). */

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
