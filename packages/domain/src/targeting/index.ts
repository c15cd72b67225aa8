/** Targeting: which daily reward a player gets (segment, schedule, priority) and why. */
export * from './daily-reward-targeting';
export * from './daily-reward-selection';
export * from './targeting-overlaps';
export * from './daily-reward-for-player';
