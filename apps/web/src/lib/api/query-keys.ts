/**
 * Every query key of the API layer, in one place. Each starts with its live topic, so one event of that topic
 * refreshes every query under it.
 */
export const queryKeys = {
  games: {
    all: () => ['games'] as const,
    list: () => ['games', 'list'] as const,
    detail: (gameId: string) => ['games', 'detail', gameId] as const,
  },
  segments: {
    list: (gameId: string) => ['segments', gameId] as const,
  },
  // Items and packs share the topic and a game prefix: a pack's value follows its items.
  inventory: {
    game: (gameId: string) => ['inventory', gameId] as const,
    items: (gameId: string) => ['inventory', gameId, 'items'] as const,
    packs: (gameId: string) => ['inventory', gameId, 'packs'] as const,
  },
  assets: {
    list: (gameId: string) => ['assets', gameId] as const,
  },
};
