import { describe, expect, it } from 'vitest';
import { decideClaim, type LoadedClaimState } from './daily-reward-claim';
import { claimTargeting, type TargetableConfig } from '../targeting/daily-reward-selection';
import { type LastClaim, type StreakSettings } from './daily-streak';

const at = (iso: string) => Date.parse(iso);
const MIDNIGHT: StreakSettings = { dayStart: { kind: 'player_midnight' }, missedDay: 'keep_progress' };
const BERLIN = 'Europe/Berlin';

const config = (id: string, extra: Partial<TargetableConfig> = {}): TargetableConfig => ({
  id,
  createdAt: at('2026-01-01T00:00:00Z'),
  segmentId: null,
  startsAt: null,
  endsAt: null,
  priority: 0,
  enabled: true,
  ...extra,
});

/** Packs on days 1 to 6 only: day 7 gives nothing. */
const packOfDay = (day: number) => (day <= 6 ? `pack-${day}` : null);

/** Decides a claim of `configId` among `configs` at the injected instant `now`. */
function decide(configs: TargetableConfig[], configId: string, now: number, state: LoadedClaimState) {
  return decideClaim({
    configs,
    configId,
    targeting: claimTargeting(configs, configId, now),
    settings: MIDNIGHT,
    now,
    state,
    packOfDay,
  });
}

const fromDatabase = (last: LastClaim | null, matchedSegments: string[] = []): LoadedClaimState => ({
  from: 'database',
  last,
  timeZone: BERLIN,
  matchedSegments,
});

describe('decideClaim', () => {
  const everyone = [config('daily')];

  it('grants day 1 with streak 1 to a player who never claimed, on the clock it is given', () => {
    const now = at('2026-03-10T08:00:00Z');
    const decision = decide(everyone, 'daily', now, fromDatabase(null));
    expect(decision).toMatchObject({
      kind: 'grant',
      pack: 'pack-1',
      claim: { seq: 1, cycleDay: 1, streak: 1, claimedAt: now },
      status: { day: 1, streak: 1, claimable: false, nextClaimAt: at('2026-03-10T23:00:00Z') },
    });
  });

  it('continues the streak the next local day and refuses a second claim the same day until local midnight', () => {
    const first = decide(everyone, 'daily', at('2026-03-10T08:00:00Z'), fromDatabase(null));
    if (first.kind !== 'grant') throw new Error('the first claim was refused');
    // 23:30 UTC is already the 11th in Berlin (UTC+1): a new day.
    const next = decide(everyone, 'daily', at('2026-03-10T23:30:00Z'), fromDatabase(first.claim));
    expect(next).toMatchObject({ kind: 'grant', pack: 'pack-2', claim: { seq: 2, cycleDay: 2, streak: 2 } });
    expect(decide(everyone, 'daily', at('2026-03-10T22:59:00Z'), fromDatabase(first.claim))).toEqual({
      kind: 'already_claimed',
      nextClaimAt: at('2026-03-10T23:00:00Z'),
    });
  });

  it('asks for a read instead of refusing when only memory said today was claimed', () => {
    const first = decide(everyone, 'daily', at('2026-03-10T08:00:00Z'), fromDatabase(null));
    if (first.kind !== 'grant') throw new Error('the first claim was refused');
    const remembered: LoadedClaimState = { from: 'memory', last: first.claim, timeZone: BERLIN };
    expect(decide(everyone, 'daily', at('2026-03-10T09:00:00Z'), remembered)).toEqual({ kind: 'read_again' });
    expect(decide(everyone, 'daily', at('2026-03-11T09:00:00Z'), remembered)).toMatchObject({
      kind: 'grant',
      claim: { seq: 2, streak: 2 },
    });
  });

  it('lets memory decide only a config for everyone: one that depends on segments is read', () => {
    const segmented = [config('vip', { segmentId: 'seg-vip', priority: 5 }), config('daily')];
    const remembered: LoadedClaimState = { from: 'memory', last: null, timeZone: BERLIN };
    expect(decide(segmented, 'daily', at('2026-03-10T08:00:00Z'), remembered)).toEqual({ kind: 'read_again' });
  });

  it('refuses a config that is not the player’s now, and grants it to the player its segment selects', () => {
    const now = at('2026-03-10T08:00:00Z');
    const segmented = [config('vip', { segmentId: 'seg-vip', priority: 5 }), config('daily')];
    expect(decide(segmented, 'daily', now, fromDatabase(null, ['seg-vip']))).toEqual({ kind: 'not_targeted' });
    expect(decide(segmented, 'vip', now, fromDatabase(null, []))).toEqual({ kind: 'not_targeted' });
    expect(decide(segmented, 'vip', now, fromDatabase(null, ['seg-vip']))).toMatchObject({ kind: 'grant' });
    expect(decide(segmented, 'daily', now, fromDatabase(null, []))).toMatchObject({ kind: 'grant' });
  });

  it('refuses a config out of its schedule at the injected instant, and grants it once it starts', () => {
    const scheduled = [config('daily', { startsAt: at('2026-03-12T00:00:00Z') })];
    expect(decide(scheduled, 'daily', at('2026-03-11T23:59:59Z'), fromDatabase(null))).toEqual({
      kind: 'not_targeted',
    });
    expect(decide(scheduled, 'daily', at('2026-03-12T00:00:00Z'), fromDatabase(null))).toMatchObject({
      kind: 'grant',
    });
  });

  it('refuses a day that gives nothing, after the six that do', () => {
    const sixth: LastClaim = { seq: 6, dayKey: 20_521, cycleDay: 6, streak: 6, claimedAt: at('2026-03-09T08:00:00Z') };
    expect(decide(everyone, 'daily', at('2026-03-10T08:00:00Z'), fromDatabase(sixth))).toEqual({
      kind: 'day_not_configured',
    });
  });

  it('counts the days of a player whose zone is unknown in UTC', () => {
    const state: LoadedClaimState = { from: 'database', last: null, timeZone: null, matchedSegments: [] };
    expect(decide(everyone, 'daily', at('2026-03-10T08:00:00Z'), state)).toMatchObject({
      kind: 'grant',
      status: { nextClaimAt: at('2026-03-11T00:00:00Z') },
    });
  });
});
