export { createClient } from './create-client.js';
export type {
  CallOptions,
  ClaimOptions,
  ClientOptions,
  LedgerOptions,
  LiveOpsClient,
  SignInOptions,
} from './create-client.js';
export type {
  EventOptions,
  EventProperties,
  EventType,
  FlushResult,
  TrackedEvent,
  TrackOptions,
} from './event-queue.js';
export { LiveOpsError, SDK_ERROR_CODES } from './live-ops-error.js';
export type { LiveOpsErrorInit } from './live-ops-error.js';
export { noDailyRewardMessage } from './no-daily-reward-message.js';
export type { RetryOptions } from './retry-delay.js';
export type { DailyRewardsOutcome, ShowDailyRewardsOptions } from './show-daily-rewards-popup.js';
export type { FetchAnswer, FetchInit, FetchLike } from './transport.js';
export type {
  Balance,
  ClaimResult,
  DailyRewardList,
  DailyRewardState,
  DayStart,
  GrantedItem,
  Inventory,
  InventoryBalance,
  Ledger,
  LedgerEntry,
  NoDailyRewardReason,
  Pack,
  PackItem,
  Player,
  PlayerAttributes,
  RuntimeErrorBody,
  Session,
} from './types.js';
