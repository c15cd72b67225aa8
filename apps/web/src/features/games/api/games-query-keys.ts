/** Every games query key starts with the live topic, so one games event refreshes them all. */
export const gamesQueryKeys = {
  all: ['games'] as const,
  list: () => ['games', 'list'] as const,
  detail: (id: string) => ['games', 'detail', id] as const,
};
