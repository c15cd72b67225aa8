/** A daily reward cycle is a fixed 7 days. */
export const DAILY_REWARD_CYCLE_DAYS = 7;
export const PACK_ID_MAX_LENGTH = 64;
