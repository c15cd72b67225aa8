/** Accounts: sign-up, sign-in, sessions, reset links, account settings, quotas. */
export * from './auth-errors';
export * from './account';
export * from './user';
export * from './messages';
export * from './auth-schemas';
