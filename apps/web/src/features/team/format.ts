import type { Game } from '@liveops/domain/games';

/** A day as the Team page writes it, in this browser's language: "Dec 6, 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** The names of some of the studio's games, as far as the list knows them ("2 games" while it loads). */
export function gameNames(gameIds: readonly string[], games: readonly Game[] | undefined): string {
  const count = `${gameIds.length} ${gameIds.length === 1 ? 'game' : 'games'}`;
  if (!games) return count;
  const names = gameIds.map((id) => games.find((game) => game.id === id)?.name).filter((name) => name !== undefined);
  return names.length === gameIds.length ? names.join(', ') : count;
}
