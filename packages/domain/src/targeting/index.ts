/** Targeting: which daily reward a player gets (segment, schedule, priority) and why. */
export * from './daily-reward-targeting';
