import type { z } from 'zod';
import type {
  ClaimResponseSchema,
  CreateSessionResponseSchema,
  DailyRewardListResponseSchema,
  DailyRewardStateSchema,
  InventoryResponseSchema,
  LedgerResponseSchema,
  PlayerAttributesSchema,
  RuntimeErrorSchema,
} from '@liveops/domain/runtime-api';

/*
 * The runtime's answers, inferred from the zod schemas the server validates with (packages/domain's
 * runtime-api.ts): one source of truth. These are types only; the build (scripts/build.mjs) writes them out in
 * full in dist/types.d.ts, so the published package depends on neither zod nor @liveops/domain.
 */

/** `POST /v1/sessions`: the token every other call sends, when it expires, and the player. */
export type Session = z.infer<typeof CreateSessionResponseSchema>;
/** The player as the server knows them. */
export type Player = Session['player'];
/** What a game may tell about its player, for segments. */
export type PlayerAttributes = z.input<typeof PlayerAttributesSchema>;
/** One daily reward's state for the player: today's day, the streak, whether it can be claimed, and its popup. */
export type DailyRewardState = z.infer<typeof DailyRewardStateSchema>;
/**
 * `GET /v1/daily-rewards`: the player's daily rewards and, when there is none, why (`reason`) and, when known,
 * when the next one's schedule starts (`nextStartsAt`).
 */
export type DailyRewardList = z.infer<typeof DailyRewardListResponseSchema>;
/** Why a player has no daily reward now: `none_published`, `not_scheduled` or `not_targeted`. */
export type NoDailyRewardReason = NonNullable<DailyRewardList['reason']>;
/** When a player's day starts for a daily reward. */
export type DayStart = DailyRewardState['dayStart'];
/** What today's claim of a daily reward grants. */
export type Pack = NonNullable<DailyRewardState['pack']>;
export type PackItem = Pack['contents'][number];
/** A claim's answer: the day claimed, what it granted, every balance after it and the reward's new state. */
export type ClaimResult = z.infer<typeof ClaimResponseSchema>;
export type GrantedItem = ClaimResult['granted'][number];
export type Balance = ClaimResult['balances'][number];
/** `GET /v1/inventory`: the player's wallet. */
export type Inventory = z.infer<typeof InventoryResponseSchema>;
export type InventoryBalance = Inventory['balances'][number];
/** `GET /v1/inventory/ledger`: a page of the wallet's changes, newest first. */
export type Ledger = z.infer<typeof LedgerResponseSchema>;
export type LedgerEntry = Ledger['entries'][number];
/** The body of every refused request. */
export type RuntimeErrorBody = z.infer<typeof RuntimeErrorSchema>;
