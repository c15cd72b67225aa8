/**
 * What every area shares: text checks, number formats, time zones, the API's error body and refusals, live updates.
 */
export * from './text';
export * from './format-number';
export * from './time-zone';
export * from './api-error';
export * from './live-events';
export * from './messages';
export * from './required-text-schema';
