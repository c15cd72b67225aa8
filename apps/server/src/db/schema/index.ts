/** The one database schema (drizzle.config.ts reads this folder), a file per product area. */
export * from './accounts';
export * from './studios';
export * from './server';
export * from './games';
export * from './assets';
export * from './segments';
export * from './inventory';
export * from './daily-rewards';
export * from './releases';
export * from './players';
export * from './player-ledger';
export * from './testers';
export * from './runtime';
export * from './analytics';
export * from './experiments';
