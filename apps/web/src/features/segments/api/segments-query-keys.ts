/** Segment query keys start with the live topic, so a segments event refreshes every list. */
export const segmentsQueryKeys = {
  all: ['segments'] as const,
  list: (gameId: string) => ['segments', gameId] as const,
};
