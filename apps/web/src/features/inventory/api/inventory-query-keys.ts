/** Items and packs share the live topic and a game prefix: a pack's value follows its items. */
export const inventoryQueryKeys = {
  all: ['inventory'] as const,
  game: (gameId: string) => ['inventory', gameId] as const,
  items: (gameId: string) => ['inventory', gameId, 'items'] as const,
  packs: (gameId: string) => ['inventory', gameId, 'packs'] as const,
};
