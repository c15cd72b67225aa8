/** Daily rewards: the 7-day configs, a player's day, streak and claim. */
export * from './daily-reward';
export * from './daily-reward-limits';
export * from './daily-reward-claim';
export * from './day-state';
export * from './daily-streak';
