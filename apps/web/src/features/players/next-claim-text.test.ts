import { describe, expect, it } from 'vitest';
import { DAILY_REWARD_VERDICT_LABELS } from '@liveops/domain/targeting';
import { nextClaimText } from './next-claim-text';

const when = (iso: string) => `at ${iso}`;

describe('nextClaimText', () => {
  it('says Now only of the config the player gets', () => {
    expect(nextClaimText({ claimable: true, nextClaimAt: null }, 'selected', when)).toBe('Now');
    expect(nextClaimText({ claimable: false, nextClaimAt: '2026-11-29T00:00:00.000Z' }, 'selected', when)).toBe(
      'at 2026-11-29T00:00:00.000Z',
    );
  });
  it('says why a config that does not apply to the player is not theirs, never Now', () => {
    for (const verdict of ['not_in_segment', 'outranked', 'ended', 'disabled', 'unpublished'] as const) {
      expect(nextClaimText({ claimable: true, nextClaimAt: null }, verdict, when)).toBe(
        DAILY_REWARD_VERDICT_LABELS[verdict],
      );
    }
  });
  it('falls back to the state alone when the verdict is unknown', () => {
    expect(nextClaimText({ claimable: false, nextClaimAt: null }, undefined, when)).toBe('—');
  });
});
