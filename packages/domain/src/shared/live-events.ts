import { z } from 'zod';

/**
 * What the per-user event stream carries: which kind of record changed, and which one. Clients refetch what
 * they show of that topic; the stream never carries the data itself. `account` is the user's own account: its
 * name, password and sessions (a signed-out or deleted account's open tabs learn of it this way).
 */
export const LIVE_TOPICS = [
  'games',
  'assets',
  'segments',
  'inventory',
  'dailyRewards',
  'account',
  'releases',
  'testPlayers',
  'players',
] as const;
export const LiveEventSchema = z.object({ topic: z.enum(LIVE_TOPICS), id: z.string().optional() });
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export const LIVE_EVENT_NAME = 'change';
/**
 * The stream's other events (decision 025). `resync`: changes may have been missed (the server lost its link to
 * the other instances for a while), so everything shown must be read anew. `reconnect`: this server is shutting
 * down and ends the stream; connect again at once (to another instance) and read everything anew.
 * `session-ended`: the stream's session was signed out or revoked; the stream ends.
 */
export const LIVE_RESYNC_EVENT = 'resync';
export const LIVE_RECONNECT_EVENT = 'reconnect';
export const LIVE_SESSION_ENDED_EVENT = 'session-ended';
/**
 * The stream's address: "live updates", never "events" (the product's coming Events feature is a game's timed
 * events, and its API will want that word).
 */
export const LIVE_UPDATES_PATH = '/api/live-updates';
