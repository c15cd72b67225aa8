import { z } from 'zod';
import {
  DailyRewardTargetingInputSchema,
  endInPastProblem,
  TARGETING_MESSAGES,
  type DailyRewardTargeting,
} from '@liveops/domain/targeting';

/**
 * The targeting form's values as its inputs hold them: the segment's id ('' = every player), start and end as a
 * datetime-local input holds them (the studio's local time, 'YYYY-MM-DDTHH:mm', '' = none), the priority as typed.
 */
export type TargetingFormValues = { segmentId: string; startsAt: string; endsAt: string; priority: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it, in this browser's time zone, to the minute. */
export function localInputOf(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value names in this browser's time zone; null for anything else. */
export function isoOfLocalInput(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((part: string | undefined) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // new Date rolls 31 February over into March: such a date is not one.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

export function formValuesOf(targeting: DailyRewardTargeting): TargetingFormValues {
  return {
    segmentId: targeting.segmentId ?? '',
    startsAt: localInputOf(targeting.startsAt),
    endsAt: localInputOf(targeting.endsAt),
    priority: String(targeting.priority),
  };
}

/**
 * An instant as sent: an input left as it was shown keeps the stored instant exactly (seconds included, and an end
 * already past stays allowed); '' is none; undefined when the text is not a date.
 */
function instantOf(text: string, stored: string | null): string | null | undefined {
  if (text === '') return null;
  if (text === localInputOf(stored)) return stored;
  return isoOfLocalInput(text) ?? undefined;
}

/**
 * The form's schema: its values checked (a date that is not one, a priority that is not a whole number in
 * bounds, an inverted schedule, a new end in the past) with the domain's messages, and turned into what the route
 * takes. `now` is read at each check.
 */
export function targetingFormSchema(stored: DailyRewardTargeting, now: () => number = Date.now) {
  return z
    .object({ segmentId: z.string(), startsAt: z.string(), endsAt: z.string(), priority: z.string() })
    .transform((values, ctx) => {
      const startsAt = instantOf(values.startsAt, stored.startsAt);
      const endsAt = instantOf(values.endsAt, stored.endsAt);
      if (startsAt === undefined)
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: TARGETING_MESSAGES.dateInvalid });
      if (endsAt === undefined)
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: TARGETING_MESSAGES.dateInvalid });
      const priority = /^\s*-?\d+\s*$/.test(values.priority) ? Number(values.priority) : Number.NaN;
      const parsed = DailyRewardTargetingInputSchema.safeParse({
        segmentId: values.segmentId === '' ? null : values.segmentId,
        startsAt: startsAt ?? null,
        endsAt: endsAt ?? null,
        priority,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          // A date already refused above is not refused twice.
          if ((field === 'startsAt' && startsAt === undefined) || (field === 'endsAt' && endsAt === undefined))
            continue;
          ctx.addIssue({ code: 'custom', path: [String(field ?? 'segmentId')], message: issue.message });
        }
        return z.NEVER;
      }
      if (startsAt === undefined || endsAt === undefined) return z.NEVER;
      const past = endInPastProblem(parsed.data.endsAt, now(), stored.endsAt);
      if (past) {
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: past });
        return z.NEVER;
      }
      return parsed.data;
    });
}
