import { describe, expect, it } from 'vitest';
import { testerClockText, untilText } from './tester-clock-text';

const DAY = 86_400_000;

describe('a test player’s clock in the Emulator', () => {
  it('shows the date and time the offset puts them at', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    const utc = { locale: 'en-GB', timeZone: 'UTC' };
    expect(testerClockText(now, 3 * DAY + 6 * 3_600_000, utc)).toBe('Thu, 5 Mar 2026, 18:00');
    expect(testerClockText(now, 0, utc)).toBe('Mon, 2 Mar 2026, 12:00');
    // In the player's zone: Tokyo is nine hours ahead.
    expect(testerClockText(now, 0, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('Mon, 2 Mar 2026, 21:00');
  });

  it('says how long until an instant in minutes, or hours and minutes', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    expect(untilText(now + 42 * 60_000, now)).toBe('42\u00a0min');
    expect(untilText(now + 1000, now)).toBe('1\u00a0min');
    expect(untilText(now + 5 * 3_600_000, now)).toBe('5\u00a0h');
    expect(untilText(now + 11 * 3_600_000 + 59 * 60_000 + 1, now)).toBe('12\u00a0h');
    expect(untilText(now + 3 * 3_600_000 + 30 * 60_000, now)).toBe('3\u00a0h\u00a030\u00a0min');
  });
});
