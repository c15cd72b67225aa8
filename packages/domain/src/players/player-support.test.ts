import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimDailyReward,
  dailyRewardStatus,
  dayKeyAt,
  type DayStartSetting,
  type LastClaim,
} from '../daily-rewards/daily-streak';
import { PLAYER_MESSAGES, SupportActionInputSchema, supportClaimFields } from './player-support';

const DAY = 86_400_000;
const MIDNIGHT: DayStartSetting = { kind: 'player_midnight' };
const at = (iso: string) => Date.parse(iso);
const settings = (missedDay: 'keep_progress' | 'start_over') => ({ dayStart: MIDNIGHT, missedDay });

/** The support row as the claims table holds it: the next seq after the last claim. */
const row = (last: LastClaim | null, fields: ReturnType<typeof supportClaimFields>, now: number): LastClaim => ({
  seq: (last?.seq ?? 0) + 1,
  ...fields,
  claimedAt: now,
});

describe('a support reset or set streak', () => {
  const now = at('2026-03-10T15:00:00Z');
  const zone = 'Europe/Berlin';
  const claimedYesterday: LastClaim = {
    seq: 4,
    dayKey: dayKeyAt(now, MIDNIGHT, zone) - 1,
    cycleDay: 4,
    streak: 4,
    claimedAt: now - DAY,
  };

  it('makes the next claim day 1 with streak 1 after a reset', () => {
    const reset = row(claimedYesterday, supportClaimFields(0, claimedYesterday, now, MIDNIGHT, zone), now);
    const status = dailyRewardStatus(reset, now, settings('keep_progress'), zone);
    expect(status).toMatchObject({ day: 1, streak: 0, claimable: true, missed: false });
    const claim = claimDailyReward(reset, now, settings('start_over'), zone);
    expect(claim.ok && claim.claim).toMatchObject({ seq: 6, cycleDay: 1, streak: 1 });
  });

  it('continues from the streak set: the next claim is its day after, streak + 1', () => {
    for (const streak of [1, 3, 6, 7, 8, 13, 14]) {
      const set = row(claimedYesterday, supportClaimFields(streak, claimedYesterday, now, MIDNIGHT, zone), now);
      expect(dailyRewardStatus(set, now, settings('keep_progress'), zone)).toMatchObject({
        day: (streak % 7) + 1,
        streak,
        claimable: true,
      });
      const claim = claimDailyReward(set, now, settings('keep_progress'), zone);
      expect(claim.ok && claim.claim).toMatchObject({ cycleDay: (streak % 7) + 1, streak: streak + 1 });
    }
  });

  it('never lets a player who claimed today claim again today, and starts the new progress at their next day', () => {
    const today: LastClaim = { ...claimedYesterday, dayKey: claimedYesterday.dayKey + 1, claimedAt: now };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), (streak) => {
        const set = row(today, supportClaimFields(streak, today, now, MIDNIGHT, zone), now);
        const status = dailyRewardStatus(set, now, settings('keep_progress'), zone);
        expect(status.claimable).toBe(false);
        expect(status.day).toBeGreaterThanOrEqual(1);
        expect(status.day).toBeLessThanOrEqual(7);
        expect(claimDailyReward(set, now, settings('keep_progress'), zone).ok).toBe(false);
        const tomorrow = claimDailyReward(set, now + DAY, settings('start_over'), zone);
        expect(tomorrow.ok && tomorrow.claim).toMatchObject({ cycleDay: (streak % 7) + 1, streak: streak + 1 });
      }),
      { numRuns: 100 },
    );
  });

  it('never moves a day key back, so hopping zones cannot mint a day', () => {
    const ahead: LastClaim = { ...claimedYesterday, dayKey: claimedYesterday.dayKey + 2 };
    expect(supportClaimFields(0, ahead, now, MIDNIGHT, zone).dayKey).toBe(ahead.dayKey);
  });
});

describe('a support action’s input', () => {
  it('requires a reason, trimmed, and refuses a blank one', () => {
    expect(SupportActionInputSchema.safeParse({ kind: 'grant_pack', packId: 'p' }).success).toBe(false);
    expect(SupportActionInputSchema.safeParse({ kind: 'grant_pack', packId: 'p', reason: '   ' }).success).toBe(false);
    for (const invisible of ['\u200b', '\u200b\u200c\u2060', ' \ufeff ', '\u3164']) {
      const refused = SupportActionInputSchema.safeParse({ kind: 'grant_pack', packId: 'p', reason: invisible });
      expect(refused.error?.issues[0]?.message).toBe(PLAYER_MESSAGES.reasonRequired);
    }
    const parsed = SupportActionInputSchema.parse({ kind: 'grant_pack', packId: 'p', reason: '  lost a pack  ' });
    expect(parsed.reason).toBe('lost a pack');
  });

  it('refuses a streak that is not a whole number of days up to 3650', () => {
    const base = { kind: 'set_streak', configId: 'c', reason: 'why' };
    expect(SupportActionInputSchema.safeParse({ ...base, streak: -1 }).success).toBe(false);
    expect(SupportActionInputSchema.safeParse({ ...base, streak: 1.5 }).success).toBe(false);
    expect(SupportActionInputSchema.safeParse({ ...base, streak: 3651 }).success).toBe(false);
    expect(SupportActionInputSchema.safeParse({ ...base, streak: 3650 }).success).toBe(true);
  });
});
