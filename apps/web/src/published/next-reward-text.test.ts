import { describe, expect, it } from 'vitest';
import { nextRewardText } from './next-reward-text';

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
const later = (minutes: number, seconds = 0) => new Date(NOW + minutes * 60_000 + seconds * 1000).toISOString();

describe('nextRewardText', () => {
  it('says minutes below an hour, rounded up, and at least one', () => {
    expect(nextRewardText(later(42), NOW)).toBe('Next reward in 42 min');
    expect(nextRewardText(later(41, 1), NOW)).toBe('Next reward in 42 min');
    expect(nextRewardText(later(0, 5), NOW)).toBe('Next reward in 1 min');
    expect(nextRewardText(later(-3), NOW)).toBe('Next reward in 1 min');
  });

  it('says whole hours from an hour on, rounded to the nearest', () => {
    expect(nextRewardText(later(59, 30), NOW)).toBe('Next reward in 1 h');
    expect(nextRewardText(later(89), NOW)).toBe('Next reward in 1 h');
    expect(nextRewardText(later(90), NOW)).toBe('Next reward in 2 h');
    expect(nextRewardText(later(12 * 60), NOW)).toBe('Next reward in 12 h');
  });

  it('says the reward is claimed when the server gave no time, or one that does not read', () => {
    expect(nextRewardText(null, NOW)).toBe('Reward claimed');
    expect(nextRewardText('tomorrow', NOW)).toBe('Reward claimed');
  });
});
