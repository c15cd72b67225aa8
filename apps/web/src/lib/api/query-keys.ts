import type { LIVE_TOPICS } from '@liveops/domain/shared';

/** A topic of the live-update stream; a topic added to LIVE_TOPICS is one here too. */
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * A query key under a live topic. The live-update hook invalidates `topicKey(event.topic)`, which matches every
 * key built here with that topic, so an event refreshes whatever shows its records.
 */
export function topicKey<const T extends LiveTopic, const R extends readonly unknown[]>(topic: T, ...rest: R) {
  return [topic, ...rest] as const;
}

/** Every query key of the API layer. */
export const queryKeys = {
  // Who is signed in and their account's settings: refreshed by an 'account' event (a rename, a sign-out or
  // sign-in elsewhere, a reset or a deletion), so every tab follows.
  account: {
    all: () => topicKey('account'),
    currentUser: () => topicKey('account', 'current-user'),
    settings: () => topicKey('account', 'settings'),
    // The person's studios (decision 065): a studio renamed, or another chosen in another tab.
    studios: () => topicKey('account', 'studios'),
    // A studio's members and invitations: every member hears of a change through the studio's 'account' event.
    team: (studioId: string) => topicKey('account', 'team', studioId),
    // The open invitations to the signed-in person's address (the dashboard offers them), and one by its link.
    myInvitations: () => topicKey('account', 'invitations'),
    invitation: (invitationId: string) => topicKey('account', 'invitation', invitationId),
  },
  games: {
    all: () => topicKey('games'),
    list: () => topicKey('games', 'list'),
    detail: (gameId: string) => topicKey('games', 'detail', gameId),
  },
  segments: {
    list: (gameId: string) => topicKey('segments', gameId),
    customAttributes: (gameId: string) => topicKey('segments', 'custom-attributes', gameId),
    // Each segment's audience (decision 054): the server counts it at most once a minute, so a segment event
    // refetches what is kept; the tab also polls it at that pace.
    audience: (gameId: string) => topicKey('segments', 'audience', gameId),
  },
  // Items and packs share the topic and a game prefix: a pack's value follows its items.
  inventory: {
    game: (gameId: string) => topicKey('inventory', gameId),
    items: (gameId: string) => topicKey('inventory', gameId, 'items'),
    packs: (gameId: string) => topicKey('inventory', gameId, 'packs'),
  },
  assets: {
    list: (gameId: string) => topicKey('assets', gameId),
    /** Under the list's key, so an asset change refetches it too. */
    usage: (gameId: string, assetId: string) => topicKey('assets', gameId, 'usage', assetId),
  },
  dailyRewards: {
    list: (gameId: string) => topicKey('dailyRewards', gameId),
    // The segment tester's "which daily reward would this player get": under the list, so a change of the configs
    // refreshes it.
    forPlayer: (gameId: string, player: string, segmentsVersion: number) =>
      topicKey('dailyRewards', gameId, 'for-player', player, segmentsVersion),
    // The Analytics tab's figures of the game ('') or one config over a range, with one of the config's experiments
    // ('': the running one, else the newest): under the list, so a config's change (a rename, a deletion, an
    // experiment started or ended) refreshes them; the tab also refetches on an interval, as events have no topic.
    analytics: (gameId: string, configId: string, from: string, to: string, experimentId = '', testers = false) =>
      topicKey('dailyRewards', gameId, 'analytics', configId, from, to, experimentId, testers ? 'testers' : ''),
    // A config's experiments, running and ended (the Analytics tab's picker): under the list too.
    experiments: (gameId: string, configId: string) => topicKey('dailyRewards', gameId, 'experiments', configId),
  },
  releases: {
    list: (gameId: string) => topicKey('releases', gameId),
  },
  // A game's test players, and what the Emulator plays as one of them (their state on the runtime): a change of a
  // tester's clock refreshes both.
  testPlayers: {
    game: (gameId: string) => topicKey('testPlayers', gameId),
    list: (gameId: string) => topicKey('testPlayers', gameId, 'list'),
    dailyRewards: (gameId: string, testPlayerId: string, token: string) =>
      topicKey('testPlayers', gameId, 'daily-rewards', testPlayerId, token),
  },
  // A player of the game as the Players tab shows them, and their ledger's pages: a support action refreshes both.
  players: {
    game: (gameId: string) => topicKey('players', gameId),
    detail: (gameId: string, playerId: string) => topicKey('players', gameId, 'detail', playerId),
    ledger: (gameId: string, playerId: string) => topicKey('players', gameId, 'ledger', playerId),
  },
};

declare module '@tanstack/react-query' {
  interface Register {
    // The compiler refuses a key that starts with anything but a live topic, so no query can miss its events.
    queryKey: readonly [LiveTopic, ...unknown[]];
  }
}
