/**
 * The events analytics counts (decision 042).
 *
 * Events. `shown` and `closed` come from the popup (through `POST /v1/events`), `claimed` and `session` are
 * recorded by the server itself. Each event is stamped by the server with the player (from the token, never the
 * body), the config and variant it concerns, and the server's UTC date of its arrival; a claim also carries the
 * cycle day it claimed and the streak it made. The client's own clock is kept beside it for reference only.
 */

export const ANALYTICS_EVENT_KINDS = ['shown', 'closed', 'claimed', 'session'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];
/** What a game or the popup may send; claims and sessions are recorded by the server itself. */
export const CLIENT_EVENT_TYPES = ['shown', 'closed'] as const;
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

/** An event as the server records it (after validation, with the player and the day it decided). */
export type AnalyticsEvent = {
  /** Unique per game and player: the client's id for shown/closed, the server's for claimed/session. */
  id: string;
  gameId: string;
  playerId: string;
  kind: AnalyticsEventKind;
  /** The config the popup showed, the claim was of, or the session's player got then (null: none). */
  configId: string | null;
  /** The player's variant when the config runs an experiment, else null. */
  variantId: string | null;
  /** The server's UTC date when the event arrived: YYYY-MM-DD. */
  day: string;
  /** For a claim: the cycle day it claimed (1..7) and the streak it made (1 or more); null otherwise. */
  cycleDay: number | null;
  streak: number | null;
};

/** The server's UTC date of an instant, as rollups key it. */
export function analyticsDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
