/** Asset query keys start with the live topic, so an assets event refreshes every list. */
export const assetsQueryKeys = {
  all: ['assets'] as const,
  list: (gameId: string) => ['assets', gameId] as const,
};
