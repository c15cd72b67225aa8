import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS } from '@liveops/domain/shared';
import { queryKeys, topicKey } from './query-keys';

// What invalidateQueries({ queryKey: filter }) refreshes: every query whose key starts with the filter.
const refreshes = (filter: QueryKey, key: QueryKey) => partialMatchKey(key, filter);

const everyKey = [
  queryKeys.account.currentUser(),
  queryKeys.account.settings(),
  queryKeys.games.list(),
  queryKeys.games.detail('g1'),
  queryKeys.segments.list('g1'),
  queryKeys.segments.customAttributes('g1'),
  queryKeys.inventory.items('g1'),
  queryKeys.inventory.packs('g1'),
  queryKeys.assets.list('g1'),
  queryKeys.testPlayers.list('g1'),
  queryKeys.testPlayers.dailyRewards('g1', 't1', 'token'),
  queryKeys.dailyRewards.analytics('g1', '', '2026-03-01', '2026-03-07'),
  queryKeys.dailyRewards.analytics('g1', 'c1', '2026-03-01', '2026-03-07', 'exp_1'),
  queryKeys.dailyRewards.experiments('g1', 'c1'),
  queryKeys.players.detail('g1', 'p1'),
  queryKeys.players.ledger('g1', 'p1'),
];

describe('queryKeys', () => {
  it('refreshes each query on an event of its own topic, and on no other', () => {
    for (const key of everyKey) {
      const [topic] = key;
      expect(LIVE_TOPICS).toContain(topic);
      for (const other of LIVE_TOPICS) expect(refreshes(topicKey(other), key)).toBe(other === topic);
    }
  });

  it("refetches a game's items and packs together, and not another game's", () => {
    expect(refreshes(queryKeys.inventory.game('g1'), queryKeys.inventory.items('g1'))).toBe(true);
    expect(refreshes(queryKeys.inventory.game('g1'), queryKeys.inventory.packs('g1'))).toBe(true);
    expect(refreshes(queryKeys.inventory.game('g1'), queryKeys.inventory.packs('g2'))).toBe(false);
  });

  it('refreshes every games query after a game is created', () => {
    expect(refreshes(queryKeys.games.all(), queryKeys.games.list())).toBe(true);
    expect(refreshes(queryKeys.games.all(), queryKeys.games.detail('g1'))).toBe(true);
  });
});
