/** Analytics: daily rollups, returns, claim rates and the Analytics tab's queries. */
export * from './analytics-event';
export * from './analytics-rollup';
export * from './event-batch';
export * from './analytics-returns';
export * from './analytics-query';
export * from './claim-rate';
