/**
 * What a published page's first script (decision 021) needs of the renderer, without React: making a popup
 * prerendered for a streak of 0, unscaled, right for this player and this screen before it is painted.
 */
export { applyDayStates, DAY_CHECK } from './daily-rewards/day-check';
export { applyFitScales } from './fit';
