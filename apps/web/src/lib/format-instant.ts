/*
 * Instants as the dashboard shows them to a studio: in this browser's time zone, which the page names. The server
 * stores and answers UTC.
 */

/** This browser's time zone and its offset now, e.g. "Europe/Berlin (GMT+1)". */
export function localZoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  return offset ? `${zone} (${offset})` : zone;
}

/** An instant in this browser's time zone, as the tab writes it (e.g. "Dec 20, 2026, 12:00 AM"). */
export function formatLocalInstant(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
