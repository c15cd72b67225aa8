import { waitText } from '@liveops/domain/published';

/**
 * A test player's clock as the Emulator shows it: the date and time their offset puts them at, in their zone (this
 * browser's when not given), e.g. "Thu, 5 Mar 2026, 18:01".
 */
export function testerClockText(
  now: number,
  offsetMs: number,
  { locale, timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(now + offsetMs));
}

/** How long until an instant, as the published popup says it (the domain's waitText). */
export const untilText = waitText;
