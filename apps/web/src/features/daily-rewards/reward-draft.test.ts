import { describe, expect, it } from 'vitest';
import { missingDays } from '@liveops/domain/daily-rewards';
import { draftFromRewards, isSameDraft, rewardsFromDraft } from './reward-draft';

describe('reward draft', () => {
  it('puts each stored pack on its day and leaves the other days empty', () => {
    expect(
      draftFromRewards([
        { day: 3, packId: 'p3' },
        { day: 1, packId: 'p1' },
      ]),
    ).toEqual(['p1', '', 'p3', '', '', '', '']);
  });

  it('turns a draft back into rewards in day order, without the empty days', () => {
    const rewards = rewardsFromDraft(['a', '', 'c', '', '', '', 'g']);
    expect(rewards).toEqual([
      { day: 1, packId: 'a' },
      { day: 3, packId: 'c' },
      { day: 7, packId: 'g' },
    ]);
    expect(missingDays(rewards)).toEqual([2, 4, 5, 6]);
  });

  it('is clean only when every day gives the same pack as the stored config', () => {
    const stored = draftFromRewards([{ day: 2, packId: 'p' }]);
    expect(isSameDraft(stored, ['', 'p', '', '', '', '', ''])).toBe(true);
    expect(isSameDraft(stored, ['', 'q', '', '', '', '', ''])).toBe(false);
    expect(isSameDraft(stored, ['p', '', '', '', '', '', ''])).toBe(false);
  });
});
