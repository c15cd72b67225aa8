import type { DailyRewardList } from './types.js';

/**
 * A sentence saying why a player has no daily reward, from a list's `reason` and `nextStartsAt` (decision 052): what
 * `showDailyRewards` rejects with, and what a game may show as it is. `formatTime` writes the next start (by
 * default in the device's locale and zone). Empty when the list has a daily reward (no reason).
 */
export function noDailyRewardMessage(
  list: Pick<DailyRewardList, 'reason' | 'nextStartsAt'>,
  formatTime: (iso: string) => string = (iso) => new Date(iso).toLocaleString(),
): string {
  switch (list.reason) {
    case 'none_published':
      return 'This game has no published daily reward yet: publish one in the dashboard.';
    case 'not_scheduled':
      return list.nextStartsAt
        ? `No daily reward is running now: the next one starts ${formatTime(list.nextStartsAt)}.`
        : 'No daily reward is running now, and none is scheduled to start.';
    case 'not_targeted':
      return 'No daily reward is for this player now: the live daily rewards are for other player segments.';
    default:
      return '';
  }
}
