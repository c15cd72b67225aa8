export * from './messages';
export * from './auth';
export * from './user';
export * from './api-error';
export * from './auth-errors';
export * from './game';
export * from './live-events';
export * from './asset';
