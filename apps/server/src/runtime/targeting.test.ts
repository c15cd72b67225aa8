import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TargetableConfig } from '@liveops/domain/targeting';
import { listCandidates, liveCandidates } from './targeting';

const config = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
  createdAt: fc.integer({ min: 0, max: 5 }),
  segmentId: fc.option(fc.constantFrom('s1', 's2', 's3'), { nil: null }),
  startsAt: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  endsAt: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  priority: fc.integer({ min: 0, max: 3 }),
  enabled: fc.boolean(),
}) satisfies fc.Arbitrary<TargetableConfig>;

describe('the candidates a list reads', () => {
  it('are, at every instant asked in any order, what listCandidates works out at that instant', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(config, { selector: (c) => c.id, maxLength: 6 }),
        fc.array(fc.integer({ min: -5, max: 105 }), { minLength: 1, maxLength: 40 }),
        (configs, instants) => {
          for (const now of instants) {
            const live = liveCandidates(configs, now);
            expect(live.candidates).toEqual(listCandidates(configs, now));
            expect(JSON.parse(live.param)).toEqual(live.candidates.map((c) => [c.id, c.segmentId]));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('switch at a schedule’s exact millisecond, and a new configs array is worked out anew', () => {
    const later: TargetableConfig = {
      id: 'later',
      createdAt: 0,
      segmentId: 's1',
      startsAt: 1_000,
      endsAt: 2_000,
      priority: 5,
      enabled: true,
    };
    const always: TargetableConfig = {
      ...later,
      id: 'always',
      segmentId: null,
      startsAt: null,
      endsAt: null,
      priority: 0,
    };
    const configs = [later, always];
    expect(liveCandidates(configs, 999).candidates.map((c) => c.id)).toEqual(['always']);
    expect(liveCandidates(configs, 1_000).candidates.map((c) => c.id)).toEqual(['later', 'always']);
    expect(liveCandidates(configs, 1_999).candidates.map((c) => c.id)).toEqual(['later', 'always']);
    expect(liveCandidates(configs, 2_000).candidates.map((c) => c.id)).toEqual(['always']);
    expect(liveCandidates(configs, 1_500).param).toBe('[["later","s1"],["always",null]]');
    const disabled = [{ ...later, enabled: false }, always];
    expect(liveCandidates(disabled, 1_500).candidates.map((c) => c.id)).toEqual(['always']);
  });
});
