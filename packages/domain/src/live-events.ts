import { z } from 'zod';

/**
 * What the per-user event stream carries: which kind of record changed, and which one. Clients refetch what
 * they show of that topic; the stream never carries the data itself. `account` is the user's own account: its
 * name, password and sessions (a signed-out or deleted account's open tabs learn of it this way).
 */
export const LIVE_TOPICS = ['games', 'assets', 'segments', 'inventory', 'dailyRewards', 'account', 'releases'] as const;
export const LiveEventSchema = z.object({ topic: z.enum(LIVE_TOPICS), id: z.string().optional() });
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export const LIVE_EVENT_NAME = 'change';
/**
 * The stream's address: "live updates", never "events" (the product's coming Events feature is a game's timed
 * events, and its API will want that word).
 */
export const LIVE_UPDATES_PATH = '/api/live-updates';
