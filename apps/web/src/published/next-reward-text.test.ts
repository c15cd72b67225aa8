import { describe, expect, it } from 'vitest';
import { untilText } from '../features/emulator/tester-clock-text';
import { nextRewardText } from './next-reward-text';

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
const later = (minutes: number, seconds = 0) => new Date(NOW + minutes * 60_000 + seconds * 1000).toISOString();
/** The wait as written: its parts joined by no-break spaces, so it never wraps inside. */
const wait = (text: string) => text.replace(/ /g, '\u00a0');

describe('nextRewardText', () => {
  it('says minutes below an hour, rounded up, and at least one', () => {
    expect(nextRewardText(later(42), NOW)).toBe(`Next reward in ${wait('42 min')}`);
    expect(nextRewardText(later(41, 1), NOW)).toBe(`Next reward in ${wait('42 min')}`);
    expect(nextRewardText(later(0, 5), NOW)).toBe(`Next reward in ${wait('1 min')}`);
    expect(nextRewardText(later(-3), NOW)).toBe(`Next reward in ${wait('1 min')}`);
  });

  it('says hours and minutes from an hour on, as the dashboard does: a day away is 23 h 59 min, never 24 h', () => {
    expect(nextRewardText(later(59, 30), NOW)).toBe(`Next reward in ${wait('1 h')}`);
    expect(nextRewardText(later(89), NOW)).toBe(`Next reward in ${wait('1 h 29 min')}`);
    expect(nextRewardText(later(12 * 60), NOW)).toBe(`Next reward in ${wait('12 h')}`);
    // Just claimed, the next day a second short of 24 hours away: what the Emulator's panel says too.
    const claimedAt = NOW + 1000;
    expect(nextRewardText(later(24 * 60), claimedAt)).toBe(`Next reward in ${wait('24 h')}`);
    expect(nextRewardText(later(24 * 60 - 1, 30), NOW + 31_000)).toBe(`Next reward in ${wait('23 h 59 min')}`);
    expect(nextRewardText(later(24 * 60 - 1, 30), NOW + 31_000)).toBe(
      `Next reward in ${untilText(Date.parse(later(24 * 60 - 1, 30)), NOW + 31_000)}`,
    );
  });

  it('never lets a wait wrap inside itself: only the space before it may break', () => {
    const text = nextRewardText(later(23 * 60 + 59), NOW);
    expect(text.split(' ')).toEqual(['Next', 'reward', 'in', wait('23 h 59 min')]);
  });

  it('says the reward is claimed when the server gave no time, or one that does not read', () => {
    expect(nextRewardText(null, NOW)).toBe('Reward claimed');
    expect(nextRewardText('tomorrow', NOW)).toBe('Reward claimed');
  });
});
