import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimTargeting,
  explainDailyRewardSelection,
  isScheduledAt,
  noDailyRewardReason,
  selectDailyReward,
} from './daily-reward-selection';
import { DailyRewardTargetingInputSchema, targetableOf } from './daily-reward-targeting';
import { at, config, NOW } from './targeting.test-support';

describe('selectDailyReward', () => {
  it('gives no config when the game has none', () => {
    expect(selectDailyReward([], [], NOW)).toBeNull();
  });

  it('gives the config for everyone, and says so', () => {
    const everyone = config();
    const selection = selectDailyReward([everyone], [], NOW);
    expect(selection?.config).toBe(everyone);
    expect(selection?.reason).toEqual({
      audience: { kind: 'everyone' },
      schedule: { startsAt: null, endsAt: null },
      priority: 0,
      outranked: [],
      decidedByAge: false,
    });
  });

  it('gives a segment’s config only to players who matched that segment', () => {
    const whales = config({ segmentId: 'whales', priority: 5 });
    expect(selectDailyReward([whales], ['minnows'], NOW)).toBeNull();
    const selection = selectDailyReward([whales], ['minnows', 'whales'], NOW);
    expect(selection?.config).toBe(whales);
    expect(selection?.reason.audience).toEqual({ kind: 'segment', segmentId: 'whales' });
  });

  it('gives the highest priority among the configs that apply, naming the ones it outranks', () => {
    const base = config({ priority: 0 });
    const payers = config({ segmentId: 'payers', priority: 10 });
    const holiday = config({ priority: 5 });
    const selection = selectDailyReward([base, payers, holiday], new Set(['payers']), NOW);
    expect(selection?.config).toBe(payers);
    expect(selection?.reason.outranked).toEqual([holiday.id, base.id]);
    expect(selection?.reason.decidedByAge).toBe(false);
    expect(selectDailyReward([base, payers, holiday], [], NOW)?.config).toBe(holiday);
  });

  it('breaks a tie of priority by the oldest config, then by id', () => {
    const older = config({ createdAt: at('2026-03-01T00:00:00Z'), id: 'zzz' });
    const newer = config({ createdAt: at('2026-03-02T00:00:00Z'), id: 'aaa' });
    const selection = selectDailyReward([newer, older], [], NOW);
    expect(selection?.config).toBe(older);
    expect(selection?.reason.decidedByAge).toBe(true);
    const sameInstant = at('2026-03-01T00:00:00Z');
    const b = config({ createdAt: sameInstant, id: 'b' });
    const a = config({ createdAt: sameInstant, id: 'a' });
    expect(selectDailyReward([b, a], [], NOW)?.config).toBe(a);
  });

  it('never gives a disabled config', () => {
    const off = config({ enabled: false, priority: 100 });
    const on = config();
    expect(selectDailyReward([off, on], [], NOW)?.config).toBe(on);
    expect(selectDailyReward([off], [], NOW)).toBeNull();
  });

  it('starts a schedule at its exact millisecond and ends it one millisecond before its end', () => {
    const start = at('2026-12-20T00:00:00Z');
    const end = at('2027-01-01T00:00:00Z');
    const holiday = config({ startsAt: start, endsAt: end, priority: 1 });
    const base = config();
    const pick = (now: number) => selectDailyReward([holiday, base], [], now)?.config.id;
    expect(pick(start - 1)).toBe(base.id);
    expect(pick(start)).toBe(holiday.id);
    expect(pick(end - 1)).toBe(holiday.id);
    expect(pick(end)).toBe(base.id);
    expect(isScheduledAt(holiday, start)).toBe(true);
    expect(isScheduledAt(holiday, end)).toBe(false);
  });

  it('reads instants written in any time zone as the same instant', () => {
    // A Tokyo studio's midnight of the 20th is 15:00 UTC on the 19th.
    const tokyo = DailyRewardTargetingInputSchema.parse({
      segmentId: null,
      startsAt: '2026-12-20T00:00:00+09:00',
      endsAt: null,
      priority: 0,
    });
    expect(tokyo.startsAt).toBe('2026-12-19T15:00:00.000Z');
    const holiday = targetableOf({ id: 'h', createdAt: '2026-01-01T00:00:00Z', enabled: true, targeting: tokyo });
    expect(isScheduledAt(holiday, at('2026-12-19T14:59:59.999Z'))).toBe(false);
    expect(isScheduledAt(holiday, at('2026-12-19T15:00:00Z'))).toBe(true);
  });

  it('gives the same config whatever the order of the list', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            segmentId: fc.constantFrom(null, 's1', 's2'),
            startsAt: fc.option(fc.integer({ min: 0, max: 100 })),
            length: fc.option(fc.integer({ min: 1, max: 100 })),
            priority: fc.integer({ min: -2, max: 2 }),
            createdAt: fc.integer({ min: 0, max: 3 }),
            enabled: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        fc.subarray(['s1', 's2']),
        fc.integer({ min: -10, max: 210 }),
        fc.array(fc.double({ noNaN: true }), { minLength: 8, maxLength: 8 }),
        (specs, matched, now, order) => {
          const configs = specs.map((spec, i) => ({
            id: `id${i}`,
            createdAt: spec.createdAt,
            segmentId: spec.segmentId,
            startsAt: spec.startsAt,
            endsAt: spec.length === null ? null : (spec.startsAt ?? 0) + spec.length,
            priority: spec.priority,
            enabled: spec.enabled,
          }));
          // Another order of the same configs: sorted by a random key each.
          const shuffled = configs
            .map((c, i) => ({ c, key: order[i] ?? 0 }))
            .sort((a, b) => a.key - b.key)
            .map(({ c }) => c);
          const chosen = selectDailyReward(configs, matched, now)?.config.id ?? null;
          expect(selectDailyReward(shuffled, matched, now)?.config.id ?? null).toBe(chosen);
          // It applies, and nothing that applies beats it.
          if (chosen !== null) {
            const selected = configs.find((c) => c.id === chosen)!;
            for (const other of configs) {
              const applies =
                other.enabled &&
                isScheduledAt(other, now) &&
                (other.segmentId === null || matched.includes(other.segmentId));
              if (!applies || other === selected) continue;
              expect(
                other.priority < selected.priority ||
                  (other.priority === selected.priority &&
                    (other.createdAt > selected.createdAt ||
                      (other.createdAt === selected.createdAt && other.id > selected.id))),
              ).toBe(true);
            }
          }
          // claimTargeting agrees with the selection for every player.
          for (const target of configs) {
            const quick = claimTargeting(configs, target.id, now);
            const selectedForSome = [[], ['s1'], ['s2'], ['s1', 's2']].map(
              (set) => selectDailyReward(configs, set, now)?.config.id === target.id,
            );
            const forThisPlayer = selectDailyReward(configs, matched, now)?.config.id === target.id;
            if (quick === 'applies') expect(selectedForSome.every(Boolean)).toBe(true);
            if (quick === 'not_applicable') {
              expect(selectedForSome.some(Boolean)).toBe(false);
              expect(forThisPlayer).toBe(false);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('explainDailyRewardSelection', () => {
  it('says why each config is not the player’s, in rank order', () => {
    const selected = config({ priority: 3 });
    const outranked = config({ priority: 1 });
    const notInSegment = config({ segmentId: 'whales', priority: 9 });
    const notStarted = config({ startsAt: NOW + 1, priority: 8 });
    const ended = config({ endsAt: NOW, priority: 7 });
    const disabled = config({ enabled: false, priority: 6 });
    const { selection, verdicts } = explainDailyRewardSelection(
      [outranked, selected, notInSegment, notStarted, ended, disabled],
      [],
      NOW,
    );
    expect(selection?.config).toBe(selected);
    expect(verdicts.map((v) => [v.config.id, v.verdict])).toEqual([
      [notInSegment.id, 'not_in_segment'],
      [notStarted.id, 'not_started'],
      [ended.id, 'ended'],
      [disabled.id, 'disabled'],
      [selected.id, 'selected'],
      [outranked.id, 'outranked'],
    ]);
  });
});

describe('claimTargeting', () => {
  it('allows a claim of the only config for everyone without the player’s segments', () => {
    const base = config();
    expect(claimTargeting([base], base.id, NOW)).toBe('applies');
  });

  it('refuses a config outranked by one for everyone, whatever the player matched', () => {
    const base = config();
    const holiday = config({ priority: 2 });
    expect(claimTargeting([base, holiday], base.id, NOW)).toBe('not_applicable');
    expect(claimTargeting([base, holiday], holiday.id, NOW)).toBe('applies');
  });

  it('refuses a config out of its schedule, disabled or unknown', () => {
    const later = config({ startsAt: NOW + 1 });
    const over = config({ endsAt: NOW });
    const off = config({ enabled: false });
    expect(claimTargeting([later, over, off], later.id, NOW)).toBe('not_applicable');
    expect(claimTargeting([later, over, off], over.id, NOW)).toBe('not_applicable');
    expect(claimTargeting([later, over, off], off.id, NOW)).toBe('not_applicable');
    expect(claimTargeting([later], 'missing', NOW)).toBe('not_applicable');
  });

  it('asks for the player’s segments when a segment decides', () => {
    const base = config();
    const payers = config({ segmentId: 'payers', priority: 1 });
    expect(claimTargeting([base, payers], base.id, NOW)).toBe('depends_on_segments');
    expect(claimTargeting([base, payers], payers.id, NOW)).toBe('depends_on_segments');
  });
});

describe('noDailyRewardReason', () => {
  it('answers none_published when no enabled config is in the live release', () => {
    expect(noDailyRewardReason([], NOW)).toEqual({ reason: 'none_published', nextStartsAt: null });
    expect(noDailyRewardReason([config({ enabled: false })], NOW)).toEqual({
      reason: 'none_published',
      nextStartsAt: null,
    });
  });

  it('answers not_targeted when a config is scheduled now (selection gave it to others)', () => {
    const payers = config({ segmentId: 'payers' });
    const later = config({ startsAt: at('2026-12-01T00:00:00Z') });
    expect(noDailyRewardReason([later, payers], NOW)).toEqual({ reason: 'not_targeted', nextStartsAt: null });
  });

  it('answers not_scheduled with the earliest start still to come, or null when every schedule has ended', () => {
    const ended = config({ endsAt: NOW });
    const december = config({ startsAt: at('2026-12-01T00:00:00Z'), segmentId: 'payers' });
    const starting = config({ startsAt: NOW + 1 });
    const disabledSooner = config({ startsAt: NOW + 1, enabled: false });
    expect(noDailyRewardReason([ended, december], NOW)).toEqual({
      reason: 'not_scheduled',
      nextStartsAt: at('2026-12-01T00:00:00Z'),
    });
    expect(noDailyRewardReason([december, starting, disabledSooner], NOW)).toEqual({
      reason: 'not_scheduled',
      nextStartsAt: NOW + 1,
    });
    expect(noDailyRewardReason([ended], NOW)).toEqual({ reason: 'not_scheduled', nextStartsAt: null });
    // The start is inclusive: at its instant it is live.
    expect(noDailyRewardReason([starting], NOW + 1).reason).toBe('not_targeted');
  });
});
