import { describe, expect, it } from 'vitest';
import { overlapMessage, targetingOverlaps } from './targeting-overlaps';
import { at, config, NOW } from './targeting.test-support';

describe('targetingOverlaps', () => {
  it('warns of two configs for everyone with open schedules, the older winning', () => {
    const first = config({ id: 'first' });
    const second = config({ id: 'second' });
    const [overlap, ...more] = targetingOverlaps([second, first], NOW);
    expect(more).toEqual([]);
    expect(overlap).toMatchObject({ winner: first, loser: second, from: null, until: null, audience: 'everyone' });
    expect(overlap?.byAge).toBe(true);
  });

  it('warns of the same segment, and of two segments it cannot prove disjoint', () => {
    const a = config({ segmentId: 'whales', priority: 2 });
    const b = config({ segmentId: 'whales' });
    const c = config({ segmentId: 'minnows', priority: 1 });
    const overlaps = targetingOverlaps([a, b, c], NOW);
    expect(overlaps.map((o) => [o.winner.id, o.loser.id, o.audience, o.byAge])).toEqual([
      [a.id, c.id, 'different_segments', false],
      [a.id, b.id, 'same_segment', false],
      [c.id, b.id, 'different_segments', false],
    ]);
  });

  it('says when a future overlap starts and ends', () => {
    const base = config();
    const holiday = config({ startsAt: at('2026-12-20T00:00:00Z'), endsAt: at('2027-01-01T00:00:00Z'), priority: 1 });
    const [overlap] = targetingOverlaps([base, holiday], NOW);
    expect(overlap).toMatchObject({
      winner: holiday,
      loser: base,
      from: at('2026-12-20T00:00:00Z'),
      until: at('2027-01-01T00:00:00Z'),
    });
  });

  it('does not warn of schedules that only touch, are past, or of a disabled config', () => {
    const december = config({ startsAt: at('2026-12-01T00:00:00Z'), endsAt: at('2027-01-01T00:00:00Z') });
    const january = config({ startsAt: at('2027-01-01T00:00:00Z'), endsAt: at('2027-02-01T00:00:00Z') });
    expect(targetingOverlaps([december, january], NOW)).toEqual([]);
    const past = config({ endsAt: NOW });
    expect(targetingOverlaps([past, config({ priority: 1, enabled: false }), december], NOW)).toEqual([]);
  });
});

describe('overlapMessage', () => {
  const format = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  it('names both configs, when they overlap, and which one a player gets', () => {
    const base = config({ id: 'base' });
    const holiday = config({
      id: 'holiday',
      startsAt: at('2026-12-20T00:00:00Z'),
      endsAt: at('2027-01-01T00:00:00Z'),
      priority: 2,
    });
    const [overlap] = targetingOverlaps([base, holiday], NOW);
    const names: Record<string, string> = { base: 'Launch Week', holiday: 'Holiday Week' };
    expect(overlapMessage(overlap!, (id) => names[id]!, format)).toBe(
      '“Holiday Week” and “Launch Week” can both apply to a player (one of them is for every player), from 2026-12-20 00:00 until 2027-01-01 00:00: such a player gets “Holiday Week” (priority 2 over 0).',
    );
  });

  it('says when age decides', () => {
    const [overlap] = targetingOverlaps(
      [config({ id: 'a', segmentId: 's' }), config({ id: 'b', segmentId: 's' })],
      NOW,
    );
    expect(overlapMessage(overlap!, (id) => id.toUpperCase(), format)).toBe(
      '“A” and “B” can both apply to a player (they target the same segment), at any time: such a player gets “A” (same priority, 0: the older one wins).',
    );
  });
});
